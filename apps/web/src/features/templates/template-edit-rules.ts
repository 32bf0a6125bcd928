import { checkAttachment } from '@salon/contract/attachments';
import {
  ATTENDANCE,
  ATTENDANCE_PRESETS,
  DEFAULT_WHEN_TIME,
  MAX_CONTENT_ITEMS,
  PARTNER_LINK_VARIABLE,
  TIME_STEP_MINUTES,
  clampOffset,
  isDayCategory,
  isOffsetCategory,
  type Attendance,
  type TemplateCategory,
} from '@salon/contract/templates-rules';
import {
  emptyContent,
  timingDefaults,
  type ContentDraft,
  type FilterField,
  type TemplateDraft,
} from './template-draft';

// Every change the editor makes to a draft, so the SPEC 4 "Template editing" transitions live in
// one pure function the tests drive.
export type TemplateEdit =
  | { type: 'title'; value: string }
  | { type: 'active'; value: boolean }
  | { type: 'whenSend'; value: TemplateCategory }
  | { type: 'whenSend2'; value: number | string }
  | { type: 'offset'; days: number; minutes: number }
  | { type: 'whenTime'; value: string }
  | { type: 'filter'; field: FilterField; value: string[] }
  | { type: 'quantityFrom'; value: number | null }
  | { type: 'quantityTo'; value: number | null }
  | { type: 'attendance'; status: Attendance; on: boolean }
  | { type: 'sendOnlyLostClient'; value: boolean }
  | { type: 'onlineRecord'; value: boolean }
  | { type: 'confirmRecord'; value: boolean }
  | { type: 'cancelRecord'; value: boolean; defaultText: string }
  | { type: 'textConfirmation'; value: string }
  | { type: 'textCancel'; value: string }
  | { type: 'integrationLink'; value: string }
  | { type: 'loyaltyAction'; value: number | null }
  | { type: 'blacklistAdd'; phone: string }
  | { type: 'blacklistRemove'; phone: string }
  | { type: 'textSms'; value: string }
  | { type: 'contentAdd'; kind: 'text' | 'file' }
  | { type: 'contentRemove'; key: string }
  | { type: 'contentText'; key: string; field: 'body' | 'caption'; value: string }
  | { type: 'contentFile'; key: string; file: File };

// What the editor tells the user about an edit (a toast); 'warning' ones are SPEC 8's template warnings.
export type EditNotice =
  | 'didNotComeOff'
  | 'didNotComeLocked'
  | 'visitsQuantityError'
  | 'phoneInvalid'
  | 'phoneDuplicate'
  | 'maxContentItems'
  | 'noParentLink'
  | 'fileTooBig'
  | 'fileUnsupported'
  | 'fileEmpty';

export interface EditResult {
  draft: TemplateDraft;
  notice: EditNotice | null;
}

export const PARTNER_LINK = `{${PARTNER_LINK_VARIABLE}}`;
const BLACKLIST_PHONE = /^\d{5,15}$/;

const done = (draft: TemplateDraft, notice: EditNotice | null = null): EditResult => ({ draft, notice });

// Every text the template sends: content bodies and captions, the confirm and cancel answers, SMS.
export function templateTexts(draft: TemplateDraft): string[] {
  return [
    ...draft.content.flatMap((item) => [item.body, item.caption]),
    draft.textConfirmation,
    draft.textCancel,
    draft.textSms,
  ];
}

export function hasPartnerLink(draft: TemplateDraft): boolean {
  return templateTexts(draft).some((text) => text.includes(PARTNER_LINK));
}

const strip = (text: string) => text.split(PARTNER_LINK).join('');

// SPEC 4: turning the loyalty action off strips the parent-link placeholder from the texts.
function withoutLoyaltyAction(draft: TemplateDraft): TemplateDraft {
  return {
    ...draft,
    loyaltyActionId: null,
    content: draft.content.map((item) => ({ ...item, body: strip(item.body), caption: strip(item.caption) })),
    textConfirmation: strip(draft.textConfirmation),
    textCancel: strip(draft.textCancel),
    textSms: strip(draft.textSms),
  };
}

// SPEC 4: a new whenSend resets whenSend2 and the offsets and presets the attendance flags; event
// and consent get their default kinds; consent clears the loyalty action; birthday resets the
// action and the confirm option.
function changeCategory(draft: TemplateDraft, category: TemplateCategory): TemplateDraft {
  let next: TemplateDraft = {
    ...draft,
    whenSend: category,
    ...timingDefaults(category),
    whenTime: draft.whenTime || DEFAULT_WHEN_TIME,
    attendance: [...ATTENDANCE_PRESETS[category]],
  };
  if (category === 'consent' || category === 'happy_birthday') next = withoutLoyaltyAction(next);
  if (category === 'happy_birthday') next = { ...next, confirmRecord: false };
  // Confirm record never goes with 'did not come' (SPEC 4). Where the preset is only 'did not come'
  // (after deletion) there is no record left to confirm, so the option goes instead.
  if (next.confirmRecord && next.attendance.includes(ATTENDANCE.didNotCome)) {
    const rest = next.attendance.filter((s) => s !== ATTENDANCE.didNotCome);
    next = rest.length > 0 ? { ...next, attendance: rest } : { ...next, confirmRecord: false };
  }
  return next;
}

// A visit count from an input: whole numbers; below 1 clears it (SPEC 5).
function visitCount(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const whole = Math.floor(value);
  return whole < 1 ? null : whole;
}

// HH:MM on the 5-minute grid (SPEC 9 time-rounding step); null for anything else.
export function roundTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  let total = Math.round((hours * 60 + minutes) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  if (total >= 24 * 60) total = 24 * 60 - TIME_STEP_MINUTES;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

function updateItem(draft: TemplateDraft, key: string, patch: Partial<ContentDraft>): TemplateDraft {
  return { ...draft, content: draft.content.map((item) => (item.key === key ? { ...item, ...patch } : item)) };
}

export function applyEdit(draft: TemplateDraft, edit: TemplateEdit): EditResult {
  switch (edit.type) {
    case 'title':
      return done({ ...draft, title: edit.value });
    case 'active':
      return done({ ...draft, active: edit.value });
    case 'whenSend':
      return done(edit.value === draft.whenSend ? draft : changeCategory(draft, edit.value));
    case 'whenSend2':
      return done({ ...draft, whenSend2: edit.value });
    case 'offset': {
      if (!isOffsetCategory(draft.whenSend)) return done(draft);
      const { days, minutes } = clampOffset(draft.whenSend, edit.days, edit.minutes);
      return done({ ...draft, whenSend2Days: days, whenSend2Min: minutes });
    }
    case 'whenTime': {
      const time = roundTime(edit.value);
      return done(time === null ? draft : { ...draft, whenTime: time });
    }
    case 'filter':
      return done({ ...draft, [edit.field]: [...new Set(edit.value)] });
    case 'quantityFrom': {
      const from = visitCount(edit.value);
      if (from !== null && draft.quantityTo !== null && from > draft.quantityTo) {
        return done(draft, 'visitsQuantityError');
      }
      return done({ ...draft, quantityFrom: from });
    }
    case 'quantityTo': {
      const to = visitCount(edit.value);
      const from = to !== null && draft.quantityFrom !== null && draft.quantityFrom > to ? to : draft.quantityFrom;
      return done({ ...draft, quantityTo: to, quantityFrom: from });
    }
    case 'attendance': {
      if (edit.status === ATTENDANCE.didNotCome && draft.confirmRecord) return done(draft, 'didNotComeLocked');
      const rest = draft.attendance.filter((s) => s !== edit.status);
      const attendance = edit.on ? [...rest, edit.status].sort((a, b) => a - b) : rest;
      return done({ ...draft, attendance });
    }
    case 'sendOnlyLostClient':
      return done({ ...draft, sendOnlyLostClient: edit.value });
    case 'onlineRecord':
      return done({ ...draft, onlineRecord: edit.value });
    case 'confirmRecord': {
      if (!edit.value) return done({ ...draft, confirmRecord: false });
      const hadDidNotCome = draft.attendance.includes(ATTENDANCE.didNotCome);
      const attendance = draft.attendance.filter((s) => s !== ATTENDANCE.didNotCome);
      return done({ ...draft, confirmRecord: true, attendance }, hadDidNotCome ? 'didNotComeOff' : null);
    }
    case 'cancelRecord': {
      const fill = edit.value && draft.textCancel.trim() === '';
      return done({ ...draft, cancelRecord: edit.value, textCancel: fill ? edit.defaultText : draft.textCancel });
    }
    case 'textConfirmation':
      return done({ ...draft, textConfirmation: edit.value });
    case 'textCancel':
      return done({ ...draft, textCancel: edit.value });
    case 'integrationLink':
      return done({ ...draft, integrationLink: edit.value });
    case 'loyaltyAction': {
      if (edit.value === null) return done(withoutLoyaltyAction(draft));
      const next = { ...draft, loyaltyActionId: edit.value };
      return done(next, hasPartnerLink(next) ? null : 'noParentLink');
    }
    case 'blacklistAdd': {
      const phone = edit.phone.replace(/\D/g, '');
      if (!BLACKLIST_PHONE.test(phone)) return done(draft, 'phoneInvalid');
      if (draft.blacklist.includes(phone)) return done(draft, 'phoneDuplicate');
      return done({ ...draft, blacklist: [...draft.blacklist, phone] });
    }
    case 'blacklistRemove':
      return done({ ...draft, blacklist: draft.blacklist.filter((p) => p !== edit.phone) });
    case 'textSms':
      return done({ ...draft, textSms: edit.value });
    case 'contentAdd':
      if (draft.content.length >= MAX_CONTENT_ITEMS) return done(draft, 'maxContentItems');
      return done({ ...draft, content: [...draft.content, emptyContent(edit.kind)] });
    case 'contentRemove':
      // A template always has at least one message (contract content min 1).
      if (draft.content.length <= 1) return done(draft);
      return done({ ...draft, content: draft.content.filter((item) => item.key !== edit.key) });
    case 'contentText':
      return done(updateItem(draft, edit.key, { [edit.field]: edit.value }));
    case 'contentFile': {
      const check = checkAttachment(edit.file.name, edit.file.size);
      if (!check.ok) {
        const notice =
          check.error === 'too_big' ? 'fileTooBig' : check.error === 'empty' ? 'fileEmpty' : 'fileUnsupported';
        return done(draft, notice);
      }
      return done(
        updateItem(draft, edit.key, {
          file: edit.file,
          fileName: edit.file.name,
          fileId: null,
          fileUrl: null,
          contentType: edit.file.type || null,
        }),
      );
    }
  }
}

// Which parts of the editor a category has (SPEC 4: birthday has no record, so no confirm, no
// attendance and no loyalty action; consent clears the loyalty action).
export function editorSections(category: TemplateCategory) {
  return {
    offset: isOffsetCategory(category),
    day: isDayCategory(category),
    event: category === 'event',
    consent: category === 'consent',
    attendance: category !== 'happy_birthday',
    recordFilters: category !== 'happy_birthday',
    confirm: category !== 'happy_birthday',
    loyalty: category !== 'happy_birthday' && category !== 'consent',
  };
}
