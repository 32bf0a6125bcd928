import { describe, expect, it } from 'vitest';
import { STATUS } from '@salon/contract/status-text';
import { saveTemplateData, templateWire, type TemplateWire } from '@salon/contract/templates';
import { ApiError } from '../../shared/api/api-error';
import { newDraft, toDraft, draftFingerprint, type TemplateDraft } from './template-draft';
import { applyEdit } from './template-edit-rules';
import {
  contentField,
  draftProblems,
  saveErrorMessage,
  toSaveRequest,
  unknownKeysByField,
  variablesFor,
} from './template-save-rules';

const base = (patch: Partial<TemplateDraft> = {}): TemplateDraft => {
  const d = newDraft({ category: 'before_start', title: 'Напоминание', text: 'Ждём вас {start_time}' });
  return { ...d, ...patch };
};

const wire: TemplateWire = templateWire.parse({
  id: 12,
  type: 'tm',
  title: 'За час',
  active: true,
  version: 3,
  settings: {
    when_send: 'before_start',
    when_send2: 26.5,
    attendance: [0, 2],
    visits: [2, null],
    staff: ['5'],
  },
  text_sms: '',
  content: [
    { type: 'text', body: 'Привет, {name}' },
    { type: 'file', body: '', caption: 'Схема', file_id: 'f1', file_name: 'map.png', file_url: '/f/1' },
  ],
  can_edit: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('draft from the wire', () => {
  it('splits offset hours into days and minutes and keeps stored files', () => {
    const draft = toDraft(wire);
    expect(draft).toMatchObject({
      id: 12,
      whenSend2Days: 1,
      whenSend2Min: 150,
      quantityFrom: 2,
      quantityTo: null,
      staff: ['5'],
      whenTime: '10:00',
    });
    expect(draft.content[1]).toMatchObject({ type: 'file', fileId: 'f1', fileName: 'map.png', caption: 'Схема' });
  });

  it('round-trips through the save request unchanged', () => {
    const { data, files, query } = toSaveRequest(toDraft(wire));
    expect(files).toEqual([]);
    expect(query).toEqual({ tm: true });
    expect(data.settings.when_send2).toBe(26.5);
    expect(data.content[1]).toMatchObject({ type: 'file', file_id: 'f1', name_field_file: null, caption: 'Схема' });
    expect(saveTemplateData.safeParse(data).success).toBe(true);
  });

  it('ignores local keys when comparing drafts', () => {
    expect(draftFingerprint(toDraft(wire))).toBe(draftFingerprint(toDraft(wire)));
  });
});

describe('save request (POST /template)', () => {
  it('marks a new event template with em and new_template', () => {
    const draft = applyEdit(base(), { type: 'whenSend', value: 'event' }).draft;
    const request = toSaveRequest(draft);
    expect(request.query).toEqual({ em: true, new_template: true });
    expect(request.data.id).toBeUndefined();
    expect(request.data.settings).toMatchObject({ when_send: 'event', when_send2: 'record_create', when_time: null });
  });

  it('stores a consent as an em template', () => {
    const draft = applyEdit(base({ id: 4 }), { type: 'whenSend', value: 'consent' }).draft;
    expect(toSaveRequest(draft)).toMatchObject({ query: { em: true }, data: { id: 4 } });
  });

  it('joins days and minutes into hours and sends the time only for day categories', () => {
    const offset = toSaveRequest(base({ whenSend2Days: 2, whenSend2Min: 90 }));
    expect(offset.data.settings).toMatchObject({ when_send2: 49.5, when_time: null });
    const day = applyEdit(base(), { type: 'whenSend', value: 'all_day_recs_notifications' }).draft;
    expect(toSaveRequest(day).data.settings).toMatchObject({ when_send2: 1, when_time: '10:00' });
  });

  it('names each new file field and sends the link only for integration events', () => {
    let draft = applyEdit(base(), { type: 'contentAdd', kind: 'file' }).draft;
    const key = draft.content[1]!.key;
    draft = applyEdit(draft, {
      type: 'contentFile',
      key,
      file: new File(['x'], 'price.pdf', { type: 'application/pdf' }),
    }).draft;
    draft = { ...draft, integrationLink: 'https://crm.example/hook' };
    const request = toSaveRequest(draft);
    expect(request.files).toHaveLength(1);
    expect(request.files[0]!.field).toBe('file_1');
    expect(request.data.content[1]).toMatchObject({ name_field_file: 'file_1', file_name: 'price.pdf', file_id: null });
    expect(request.data.settings.integration_link).toBeNull();
    const integration = { ...draft, whenSend: 'event' as const, whenSend2: 'integration' };
    expect(toSaveRequest(integration).data.settings.integration_link).toBe('https://crm.example/hook');
  });

  it('passes the contract schema for every category default', () => {
    for (const category of [
      'before_start',
      'after_end',
      'after_deletion',
      'all_day_recs_notifications',
      'event',
      'consent',
      'happy_birthday',
    ] as const) {
      const draft = newDraft({ category, title: 'T', text: 'Привет, {name}' });
      expect(saveTemplateData.safeParse(toSaveRequest(draft).data).success, category).toBe(true);
    }
  });
});

describe('problems before save', () => {
  it('needs a title and a text', () => {
    const draft = base({ title: '  ' });
    draft.content[0]!.body = ' ';
    const problems = draftProblems(draft);
    expect(problems.title).toEqual({ code: 'required' });
    expect(problems[contentField(draft.content[0]!.key, 'body')]).toEqual({ code: 'required' });
  });

  it('needs a file for a file item', () => {
    const draft = applyEdit(base(), { type: 'contentAdd', kind: 'file' }).draft;
    expect(draftProblems(draft)[contentField(draft.content[1]!.key, 'caption')]).toEqual({ code: 'noFile' });
  });

  it('reports "no cancel text" when cancel is on with an empty text (SPEC 5)', () => {
    expect(draftProblems(base({ cancelRecord: true, textCancel: '' })).textCancel).toEqual({ code: 'noCancelText' });
    expect(draftProblems(base({ cancelRecord: false, textCancel: '' })).textCancel).toBeUndefined();
  });

  it('finds keys the category does not know', () => {
    const draft = base({ textSms: '{name} {bonus}' });
    draft.content[0]!.body = '{nmae}, ждём {start_time} {partner_link}';
    expect(unknownKeysByField(draft)).toEqual({
      [contentField(draft.content[0]!.key, 'body')]: ['nmae', 'partner_link'],
      textSms: ['bonus'],
    });
    expect(draftProblems(draft).textSms).toEqual({ code: 'unknownKeys', keys: ['bonus'] });
  });

  it('checks the confirm and cancel answers even while their option is off, as the server does', () => {
    expect(unknownKeysByField(base({ cancelRecord: false, textCancel: '{oops}' }))).toEqual({ textCancel: ['oops'] });
  });

  it('allows only {name} and the bot links for birthdays and {partner_link} with an action', () => {
    const birthday = applyEdit(base(), { type: 'whenSend', value: 'happy_birthday' }).draft;
    expect(variablesFor(birthday)).toEqual(['name', 'max_link', 'tg_bot_link']);
    expect(variablesFor(base())).toEqual(expect.arrayContaining(['max_link', 'tg_bot_link']));
    expect(variablesFor(base({ loyaltyActionId: 2 }))).toContain('partner_link');
  });

  it('has nothing to say about a good draft', () => {
    expect(draftProblems(base())).toEqual({});
  });
});

describe('save errors (SPEC 8)', () => {
  it('names the bad keys', () => {
    expect(saveErrorMessage(new ApiError(STATUS.badKeys, 400, 'nmae, bonus'))).toEqual({
      key: 'badKeys',
      keys: '{nmae}, {bonus}',
    });
    expect(saveErrorMessage(new ApiError(STATUS.badKeys, 400, '{x}'))).toEqual({ key: 'badKeys', keys: '{x}' });
    expect(saveErrorMessage(new ApiError(STATUS.badKeys, 400))).toEqual({ key: 'badKeysUnnamed' });
  });

  it('maps the template statuses and issues', () => {
    expect(saveErrorMessage(new ApiError('NO_CANCEL_TEXT', 400)).key).toBe('noCancelText');
    expect(saveErrorMessage(new ApiError('template test fields parse error', 400)).key).toBe('testFieldsParseError');
    expect(saveErrorMessage(new ApiError('FILE_TOO_BIG', 413)).key).toBe('fileTooBig');
    expect(saveErrorMessage(new ApiError('UNSUPPORTED_FILE', 400)).key).toBe('fileUnsupported');
    expect(
      saveErrorMessage(
        new ApiError(STATUS.badRequest, 400, undefined, [{ path: 'settings.visits', code: 'visits_quantity_error' }]),
      ).key,
    ).toBe('visitsQuantityError');
    expect(saveErrorMessage(new ApiError(STATUS.accessDenied, 403)).key).toBe('accessDenied');
  });

  it('falls back to the common save error', () => {
    expect(saveErrorMessage(new ApiError(STATUS.internal, 500)).key).toBe('common');
    expect(saveErrorMessage(new Error('boom')).key).toBe('common');
  });
});
