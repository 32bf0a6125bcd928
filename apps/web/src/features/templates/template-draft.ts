import {
  ATTENDANCE_PRESETS,
  DEFAULT_WHEN_SEND2,
  DEFAULT_WHEN_TIME,
  isOffsetCategory,
  splitOffset,
  type Attendance,
  type TemplateCategory,
} from '@salon/contract/templates-rules';
import type { TemplateWire } from '@salon/contract/templates';

// One message of a template as the editor holds it: a text, or a file with a caption.
export interface ContentDraft {
  // Local identity for React lists and field ids; never sent.
  key: string;
  type: 'text' | 'file';
  body: string;
  caption: string;
  // A file picked in this session, sent with the save.
  file: File | null;
  // The stored file the item already has.
  fileName: string | null;
  fileId: string | null;
  fileUrl: string | null;
  contentType: string | null;
}

export const FILTER_FIELDS = ['services', 'categories', 'goods', 'staff', 'recordLabels', 'clientCategory'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

// SPEC 3 Template in the cabinet's names. whenSend2 holds the event or consent kind or the day
// option; the offset categories keep their hours split into days and minutes (SPEC 3 whenSend2Days,
// whenSend2Min) and join them on save.
export interface TemplateDraft {
  id: number | null;
  title: string;
  active: boolean;
  whenSend: TemplateCategory;
  whenSend2: number | string;
  whenSend2Days: number;
  whenSend2Min: number;
  whenTime: string;
  services: string[];
  categories: string[];
  goods: string[];
  staff: string[];
  recordLabels: string[];
  clientCategory: string[];
  quantityFrom: number | null;
  quantityTo: number | null;
  attendance: Attendance[];
  sendOnlyLostClient: boolean;
  onlineRecord: boolean;
  confirmRecord: boolean;
  cancelRecord: boolean;
  textConfirmation: string;
  textCancel: string;
  integrationLink: string;
  loyaltyActionId: number | null;
  blacklist: string[];
  textSms: string;
  content: ContentDraft[];
}

let keySequence = 0;
export function nextContentKey(): string {
  keySequence += 1;
  return `item-${keySequence}`;
}

export function emptyContent(type: 'text' | 'file'): ContentDraft {
  return {
    key: nextContentKey(),
    type,
    body: '',
    caption: '',
    file: null,
    fileName: null,
    fileId: null,
    fileUrl: null,
    contentType: null,
  };
}

// The timing fields a category starts with (SPEC 4: a new whenSend resets whenSend2 and the offsets).
export function timingDefaults(category: TemplateCategory) {
  const whenSend2 = DEFAULT_WHEN_SEND2[category];
  const offset = isOffsetCategory(category) && typeof whenSend2 === 'number' ? splitOffset(whenSend2) : null;
  return {
    whenSend2,
    whenSend2Days: offset?.days ?? 0,
    whenSend2Min: offset?.minutes ?? 0,
  };
}

export interface NewDraftOptions {
  category: TemplateCategory;
  title: string;
  text?: string;
  // Offset hours instead of the category's default.
  offsetHours?: number;
}

// A template that does not exist yet: inactive, one empty text, the category's presets.
export function newDraft({ category, title, text = '', offsetHours }: NewDraftOptions): TemplateDraft {
  const timing = timingDefaults(category);
  const offset = offsetHours !== undefined && isOffsetCategory(category) ? splitOffset(offsetHours) : null;
  return {
    id: null,
    title,
    active: false,
    whenSend: category,
    ...timing,
    ...(offset ? { whenSend2: offsetHours!, whenSend2Days: offset.days, whenSend2Min: offset.minutes } : {}),
    whenTime: DEFAULT_WHEN_TIME,
    services: [],
    categories: [],
    goods: [],
    staff: [],
    recordLabels: [],
    clientCategory: [],
    quantityFrom: null,
    quantityTo: null,
    attendance: [...ATTENDANCE_PRESETS[category]],
    sendOnlyLostClient: false,
    onlineRecord: false,
    confirmRecord: false,
    cancelRecord: false,
    textConfirmation: '',
    textCancel: '',
    integrationLink: '',
    loyaltyActionId: null,
    blacklist: [],
    textSms: '',
    content: [{ ...emptyContent('text'), body: text }],
  };
}

// GET /template's answer as the editor's draft.
export function toDraft(wire: TemplateWire): TemplateDraft {
  const s = wire.settings;
  const offset = isOffsetCategory(s.when_send) && typeof s.when_send2 === 'number' ? splitOffset(s.when_send2) : null;
  const content = wire.content.map((item): ContentDraft => ({
    key: nextContentKey(),
    type: item.type,
    body: item.body,
    caption: item.caption,
    file: null,
    fileName: item.file_name,
    fileId: item.file_id,
    fileUrl: item.file_url,
    contentType: item.content_type,
  }));
  return {
    id: wire.id,
    title: wire.title,
    active: wire.active,
    whenSend: s.when_send,
    whenSend2: s.when_send2,
    whenSend2Days: offset?.days ?? 0,
    whenSend2Min: offset?.minutes ?? 0,
    whenTime: s.when_time ?? DEFAULT_WHEN_TIME,
    services: s.services,
    categories: s.categories,
    goods: s.goods,
    staff: s.staff,
    recordLabels: s.record_labels,
    clientCategory: s.client_category,
    quantityFrom: s.visits[0],
    quantityTo: s.visits[1],
    attendance: s.attendance,
    sendOnlyLostClient: s.send_only_lost_client,
    onlineRecord: s.online,
    confirmRecord: s.confirm_record,
    cancelRecord: s.declined_record,
    textConfirmation: s.send_confirm,
    textCancel: s.text_cancel,
    integrationLink: s.integration_link ?? '',
    loyaltyActionId: s.loyalty_action_id,
    blacklist: s.blacklist,
    textSms: wire.text_sms,
    content: content.length > 0 ? content : [emptyContent('text')],
  };
}

// What makes two drafts differ for the unsaved-changes guard: a picked file counts by name and size.
export function draftFingerprint(draft: TemplateDraft): string {
  return JSON.stringify({
    ...draft,
    content: draft.content.map(({ key: _key, file, ...rest }) => ({
      ...rest,
      file: file ? `${file.name}:${file.size}` : null,
    })),
  });
}
