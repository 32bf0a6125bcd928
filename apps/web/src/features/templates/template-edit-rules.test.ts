import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { MAX_CONTENT_ITEMS, type TemplateCategory } from '@salon/contract/templates-rules';
import { newDraft, type TemplateDraft } from './template-draft';
import { applyEdit, editorSections, roundTime, type TemplateEdit } from './template-edit-rules';

const draft = (category: TemplateCategory = 'before_start', patch: Partial<TemplateDraft> = {}): TemplateDraft => ({
  ...newDraft({ category, title: 'T' }),
  ...patch,
});

const edit = (d: TemplateDraft, e: TemplateEdit) => applyEdit(d, e);
const fileOf = (name: string, size: number) => new File([new Uint8Array(Math.min(size, 16))], name, { type: '' });
const sized = (name: string, size: number) => {
  const file = fileOf(name, size);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('changing whenSend (SPEC 4)', () => {
  it('resets whenSend2 and the offsets to the category default', () => {
    const start = draft('before_start', { whenSend2Days: 2, whenSend2Min: 120 });
    const { draft: next } = edit(start, { type: 'whenSend', value: 'after_end' });
    expect(next).toMatchObject({ whenSend: 'after_end', whenSend2: 0.25, whenSend2Days: 0, whenSend2Min: 15 });
  });

  it('presets the attendance flags per category', () => {
    const presets: [TemplateCategory, number[]][] = [
      ['before_start', [0, 2]],
      ['after_end', [1, 2]],
      ['after_deletion', [-1]],
      ['all_day_recs_notifications', [0]],
    ];
    for (const [category, attendance] of presets) {
      const from: TemplateCategory = category === 'event' ? 'before_start' : 'event';
      expect(edit(draft(from), { type: 'whenSend', value: category }).draft.attendance).toEqual(attendance);
    }
  });

  it('gives the all-day notice its day option, a time and keeps an existing time', () => {
    const { draft: next } = edit(draft('before_start', { whenTime: '09:30' }), {
      type: 'whenSend',
      value: 'all_day_recs_notifications',
    });
    expect(next).toMatchObject({ whenSend2: 1, whenTime: '09:30', whenSend2Days: 0, whenSend2Min: 0 });
  });

  it('defaults an event to record creation', () => {
    expect(edit(draft('after_end'), { type: 'whenSend', value: 'event' }).draft.whenSend2).toBe('record_create');
  });

  it('defaults a consent to after record creation and clears the loyalty action and its placeholder', () => {
    const start = draft('event', { loyaltyActionId: 4 });
    start.content[0]!.body = 'Приглашайте друзей {partner_link}!';
    const { draft: next } = edit(start, { type: 'whenSend', value: 'consent' });
    expect(next.whenSend2).toBe('record_create_consent');
    expect(next.loyaltyActionId).toBeNull();
    expect(next.content[0]!.body).toBe('Приглашайте друзей !');
  });

  it('resets the action and the confirm option for a birthday', () => {
    const start = draft('before_start', { loyaltyActionId: 4, confirmRecord: true, attendance: [0, 2] });
    const { draft: next } = edit(start, { type: 'whenSend', value: 'happy_birthday' });
    expect(next).toMatchObject({ whenSend2: 0, loyaltyActionId: null, confirmRecord: false });
  });

  it('keeps confirm record without "did not come" when the preset has it', () => {
    const start = draft('before_start', { confirmRecord: true });
    const { draft: next } = edit(start, { type: 'whenSend', value: 'event' });
    expect(next.confirmRecord).toBe(true);
    expect(next.attendance).toEqual([0, 1, 2]);
  });

  it('drops confirm record after deletion, whose preset is only "did not come"', () => {
    const { draft: next } = edit(draft('before_start', { confirmRecord: true }), {
      type: 'whenSend',
      value: 'after_deletion',
    });
    expect(next).toMatchObject({ confirmRecord: false, attendance: [-1] });
  });

  it('does nothing when the same category is chosen again', () => {
    const start = draft('before_start', { whenSend2Days: 3, attendance: [2] });
    expect(edit(start, { type: 'whenSend', value: 'before_start' }).draft).toBe(start);
  });
});

describe('timing fields', () => {
  it('clamps the offset and rounds minutes to 15 (SPEC 5)', () => {
    expect(edit(draft('before_start'), { type: 'offset', days: 1, minutes: 52 }).draft).toMatchObject({
      whenSend2Days: 1,
      whenSend2Min: 45,
    });
    expect(edit(draft('after_end'), { type: 'offset', days: 0, minutes: 0 }).draft).toMatchObject({
      whenSend2Days: 0,
      whenSend2Min: 15,
    });
    expect(edit(draft('after_end'), { type: 'offset', days: -3, minutes: 5000 }).draft).toMatchObject({
      whenSend2Days: 0,
      whenSend2Min: 1425,
    });
  });

  it('ignores an offset for a category without one', () => {
    const start = draft('event');
    expect(edit(start, { type: 'offset', days: 2, minutes: 30 }).draft).toBe(start);
  });

  it('puts the send time on the 5-minute grid and ignores an unfinished one', () => {
    expect(edit(draft('all_day_recs_notifications'), { type: 'whenTime', value: '09:07' }).draft.whenTime).toBe(
      '09:05',
    );
    expect(edit(draft('all_day_recs_notifications'), { type: 'whenTime', value: '' }).draft.whenTime).toBe('10:00');
    expect(roundTime('23:58')).toBe('23:55');
    expect(roundTime('24:00')).toBeNull();
    expect(roundTime('7:3')).toBeNull();
  });

  it('sets the day option, event kind or consent kind', () => {
    expect(edit(draft('happy_birthday'), { type: 'whenSend2', value: -1 }).draft.whenSend2).toBe(-1);
    expect(edit(draft('event'), { type: 'whenSend2', value: 'record_paid' }).draft.whenSend2).toBe('record_paid');
  });
});

describe('attendance and confirm record (SPEC 4)', () => {
  it('turning confirm on turns off "did not come" with a warning', () => {
    const result = edit(draft('event'), { type: 'confirmRecord', value: true });
    expect(result.draft).toMatchObject({ confirmRecord: true, attendance: [0, 1, 2] });
    expect(result.notice).toBe('didNotComeOff');
  });

  it('turning confirm on without "did not come" warns of nothing', () => {
    expect(edit(draft('before_start'), { type: 'confirmRecord', value: true }).notice).toBeNull();
  });

  it('"did not come" cannot change while confirm is on', () => {
    const start = draft('before_start', { confirmRecord: true });
    const result = edit(start, { type: 'attendance', status: -1, on: true });
    expect(result.draft).toBe(start);
    expect(result.notice).toBe('didNotComeLocked');
  });

  it('turning confirm off leaves the flags as they are', () => {
    const start = draft('before_start', { confirmRecord: true });
    expect(edit(start, { type: 'confirmRecord', value: false }).draft).toMatchObject({
      confirmRecord: false,
      attendance: [0, 2],
    });
  });

  it('toggles a flag and keeps them sorted', () => {
    const on = edit(draft('before_start'), { type: 'attendance', status: -1, on: true }).draft;
    expect(on.attendance).toEqual([-1, 0, 2]);
    expect(edit(on, { type: 'attendance', status: 0, on: false }).draft.attendance).toEqual([-1, 2]);
  });
});

describe('cancel record (SPEC 4)', () => {
  it('fills the default cancel text when it is empty', () => {
    const result = edit(draft(), { type: 'cancelRecord', value: true, defaultText: 'Запись отменена' });
    expect(result.draft).toMatchObject({ cancelRecord: true, textCancel: 'Запись отменена' });
  });

  it('keeps a cancel text the user wrote', () => {
    const start = draft('before_start', { textCancel: 'Жаль!' });
    expect(edit(start, { type: 'cancelRecord', value: true, defaultText: 'x' }).draft.textCancel).toBe('Жаль!');
  });

  it('turning it off keeps the text for later', () => {
    const start = draft('before_start', { cancelRecord: true, textCancel: 'Жаль!' });
    expect(edit(start, { type: 'cancelRecord', value: false, defaultText: 'x' }).draft).toMatchObject({
      cancelRecord: false,
      textCancel: 'Жаль!',
    });
  });
});

describe('loyalty action (SPEC 4)', () => {
  it('warns when the texts lack the parent-link placeholder', () => {
    expect(edit(draft(), { type: 'loyaltyAction', value: 3 }).notice).toBe('noParentLink');
  });

  it('does not warn when a text has it', () => {
    const start = draft();
    start.content[0]!.body = 'Ссылка: {partner_link}';
    const result = edit(start, { type: 'loyaltyAction', value: 3 });
    expect(result).toMatchObject({ notice: null, draft: { loyaltyActionId: 3 } });
  });

  it('turning the action off strips the placeholder from every text', () => {
    const start = draft('before_start', {
      loyaltyActionId: 3,
      textSms: 'sms {partner_link}',
      textCancel: '{partner_link}',
    });
    start.content[0]!.body = 'a {partner_link} b {partner_link}';
    const { draft: next } = edit(start, { type: 'loyaltyAction', value: null });
    expect(next.loyaltyActionId).toBeNull();
    expect(next.content[0]!.body).toBe('a  b ');
    expect(next.textSms).toBe('sms ');
    expect(next.textCancel).toBe('');
  });
});

describe('visits (SPEC 5)', () => {
  it('clears a count below 1', () => {
    expect(
      edit(draft('before_start', { quantityFrom: 3 }), { type: 'quantityFrom', value: 0 }).draft.quantityFrom,
    ).toBeNull();
    expect(
      edit(draft('before_start', { quantityTo: 3 }), { type: 'quantityTo', value: -2 }).draft.quantityTo,
    ).toBeNull();
  });

  it('rejects "from" above "to" with the visits quantity error', () => {
    const start = draft('before_start', { quantityFrom: 2, quantityTo: 5 });
    const result = edit(start, { type: 'quantityFrom', value: 7 });
    expect(result.draft).toBe(start);
    expect(result.notice).toBe('visitsQuantityError');
  });

  it('lowering "to" below "from" lowers "from"', () => {
    const start = draft('before_start', { quantityFrom: 4, quantityTo: 10 });
    expect(edit(start, { type: 'quantityTo', value: 2 }).draft).toMatchObject({ quantityFrom: 2, quantityTo: 2 });
  });

  it('accepts open ends and whole numbers', () => {
    expect(edit(draft(), { type: 'quantityFrom', value: 2.7 }).draft.quantityFrom).toBe(2);
    expect(edit(draft('before_start', { quantityFrom: 9 }), { type: 'quantityTo', value: null }).draft).toMatchObject({
      quantityFrom: 9,
      quantityTo: null,
    });
  });
});

describe('per-template blacklist (SPEC 5)', () => {
  it('keeps digits only', () => {
    expect(edit(draft(), { type: 'blacklistAdd', phone: '+7 (999) 000-11-22' }).draft.blacklist).toEqual([
      '79990001122',
    ]);
  });

  it('rejects a duplicate and a non-number', () => {
    const start = draft('before_start', { blacklist: ['79990001122'] });
    expect(edit(start, { type: 'blacklistAdd', phone: '79990001122' }).notice).toBe('phoneDuplicate');
    expect(edit(start, { type: 'blacklistAdd', phone: 'abc' }).notice).toBe('phoneInvalid');
    expect(edit(start, { type: 'blacklistRemove', phone: '79990001122' }).draft.blacklist).toEqual([]);
  });
});

describe('content items', () => {
  it('adds up to the maximum', () => {
    let d = draft();
    for (let i = 1; i < MAX_CONTENT_ITEMS; i += 1)
      d = edit(d, { type: 'contentAdd', kind: i % 2 ? 'file' : 'text' }).draft;
    expect(d.content).toHaveLength(MAX_CONTENT_ITEMS);
    expect(edit(d, { type: 'contentAdd', kind: 'text' })).toMatchObject({ notice: 'maxContentItems' });
  });

  it('never removes the last message', () => {
    const start = draft();
    expect(edit(start, { type: 'contentRemove', key: start.content[0]!.key }).draft.content).toHaveLength(1);
    const two = edit(start, { type: 'contentAdd', kind: 'file' }).draft;
    expect(edit(two, { type: 'contentRemove', key: two.content[1]!.key }).draft.content).toHaveLength(1);
  });

  it('edits a text or a caption', () => {
    const start = draft();
    const key = start.content[0]!.key;
    expect(edit(start, { type: 'contentText', key, field: 'body', value: 'Привет' }).draft.content[0]!.body).toBe(
      'Привет',
    );
  });

  it('takes an allowed file and refuses a big or unsupported one', () => {
    const start = edit(draft(), { type: 'contentAdd', kind: 'file' }).draft;
    const key = start.content[1]!.key;
    const ok = edit(start, { type: 'contentFile', key, file: fileOf('photo.jpg', 10) });
    expect(ok.draft.content[1]).toMatchObject({ fileName: 'photo.jpg', fileId: null });
    expect(edit(start, { type: 'contentFile', key, file: sized('movie.mp4', MAX_ATTACHMENT_BYTES + 1) }).notice).toBe(
      'fileTooBig',
    );
    expect(edit(start, { type: 'contentFile', key, file: fileOf('run.exe', 10) }).notice).toBe('fileUnsupported');
    expect(edit(start, { type: 'contentFile', key, file: sized('empty.pdf', 0) }).notice).toBe('fileEmpty');
  });
});

describe('plain fields', () => {
  it('sets the simple values', () => {
    const start = draft();
    expect(edit(start, { type: 'title', value: 'Напоминание' }).draft.title).toBe('Напоминание');
    expect(edit(start, { type: 'active', value: true }).draft.active).toBe(true);
    expect(edit(start, { type: 'sendOnlyLostClient', value: true }).draft.sendOnlyLostClient).toBe(true);
    expect(edit(start, { type: 'onlineRecord', value: true }).draft.onlineRecord).toBe(true);
    expect(edit(start, { type: 'textConfirmation', value: 'Ждём!' }).draft.textConfirmation).toBe('Ждём!');
    expect(edit(start, { type: 'textCancel', value: 'Жаль' }).draft.textCancel).toBe('Жаль');
    expect(edit(start, { type: 'integrationLink', value: 'https://x' }).draft.integrationLink).toBe('https://x');
    expect(edit(start, { type: 'textSms', value: 'SMS' }).draft.textSms).toBe('SMS');
    expect(edit(start, { type: 'filter', field: 'staff', value: ['1', '2', '1'] }).draft.staff).toEqual(['1', '2']);
  });
});

describe('editor sections', () => {
  it('hides record options for birthdays and the action for consents', () => {
    expect(editorSections('happy_birthday')).toMatchObject({
      attendance: false,
      confirm: false,
      loyalty: false,
      day: true,
    });
    expect(editorSections('consent')).toMatchObject({ loyalty: false, confirm: true, consent: true });
    expect(editorSections('after_end')).toMatchObject({ offset: true, loyalty: true });
  });
});
