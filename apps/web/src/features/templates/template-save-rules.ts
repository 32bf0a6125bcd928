import { ACCESS_DENIED_STATUSES, STATUS } from '@salon/contract/status-text';
import {
  TEMPLATE_TITLE_MAX,
  allowedVariables,
  isDayCategory,
  isOffsetCategory,
  offsetHours,
  templateKind,
  unknownVariables,
  type TemplateKind,
} from '@salon/contract/templates-rules';
import type { TEMPLATE_STATUS, saveTemplateData } from '@salon/contract/templates';
import type { z } from 'zod';
import { isApiError } from '../../shared/api/api-error';
import type { TemplateDraft } from './template-draft';

export type SaveTemplateData = z.input<typeof saveTemplateData>;

// Where an editor field's problems show: 'title', 'textSms', 'textConfirmation', 'textCancel',
// 'visits', or `content.<key>.body` / `content.<key>.caption`.
export type FieldId = string;

export type FieldProblem =
  | { code: 'required' }
  | { code: 'tooLong' }
  | { code: 'unknownKeys'; keys: string[] }
  | { code: 'noCancelText' }
  | { code: 'noFile' }
  | { code: 'visitsQuantityError' };

export type DraftProblems = Record<FieldId, FieldProblem>;

export const contentField = (key: string, part: 'body' | 'caption'): FieldId => `content.${key}.${part}`;

export function variablesFor(draft: TemplateDraft): string[] {
  return allowedVariables(draft.whenSend, draft.loyaltyActionId !== null);
}

// The texts of a draft by field, for the unknown-key check. Like the server, the confirm and
// cancel answers count even while their option is off: they are saved all the same.
function textFields(draft: TemplateDraft): [FieldId, string][] {
  return [
    ...draft.content.flatMap((item): [FieldId, string][] =>
      item.type === 'text'
        ? [[contentField(item.key, 'body'), item.body]]
        : [[contentField(item.key, 'caption'), item.caption]],
    ),
    ['textConfirmation', draft.textConfirmation],
    ['textCancel', draft.textCancel],
    ['textSms', draft.textSms],
  ];
}

// {keys} a text has that its category does not know (shown as the user types; SPEC 8 'Некорректные
// ключи в сообщении' is the server's word for the same thing).
export function unknownKeysByField(draft: TemplateDraft): Record<FieldId, string[]> {
  const allowed = variablesFor(draft);
  const result: Record<FieldId, string[]> = {};
  for (const [field, text] of textFields(draft)) {
    const keys = unknownVariables(text, allowed);
    if (keys.length > 0) result[field] = keys;
  }
  return result;
}

// What stops a save before it is sent (SPEC 5 Template, SPEC 8 'no cancel text').
export function draftProblems(draft: TemplateDraft): DraftProblems {
  const problems: DraftProblems = {};
  const title = draft.title.trim();
  if (title === '') problems.title = { code: 'required' };
  else if (title.length > TEMPLATE_TITLE_MAX) problems.title = { code: 'tooLong' };
  for (const item of draft.content) {
    if (item.type === 'text' && item.body.trim() === '')
      problems[contentField(item.key, 'body')] = { code: 'required' };
    if (item.type === 'file' && !item.file && !item.fileId)
      problems[contentField(item.key, 'caption')] = { code: 'noFile' };
  }
  if (draft.cancelRecord && draft.textCancel.trim() === '') problems.textCancel = { code: 'noCancelText' };
  if (draft.quantityFrom !== null && draft.quantityTo !== null && draft.quantityFrom > draft.quantityTo) {
    problems.visits = { code: 'visitsQuantityError' };
  }
  for (const [field, keys] of Object.entries(unknownKeysByField(draft))) {
    problems[field] ??= { code: 'unknownKeys', keys };
  }
  return problems;
}

export function hasProblems(problems: DraftProblems): boolean {
  return Object.keys(problems).length > 0;
}

export function draftKind(draft: TemplateDraft): TemplateKind {
  return templateKind(draft.whenSend);
}

// whenSend2 on the wire: offset hours, the day option, or the event / consent kind.
export function wireWhenSend2(draft: TemplateDraft): number | string {
  if (isOffsetCategory(draft.whenSend)) return offsetHours(draft.whenSend2Days, draft.whenSend2Min);
  return draft.whenSend2;
}

export interface SaveRequest {
  data: SaveTemplateData;
  files: { field: string; file: File }[];
  query: { tm?: true; em?: true; new_template?: true };
}

// The multipart save of POST /template: the `data` JSON and the new files by field name.
export function toSaveRequest(draft: TemplateDraft): SaveRequest {
  const files: SaveRequest['files'] = [];
  const content = draft.content.map((item, index) => {
    const field = item.type === 'file' && item.file ? `file_${index}` : null;
    if (field && item.file) files.push({ field, file: item.file });
    return {
      type: item.type,
      body: item.type === 'text' ? item.body : '',
      caption: item.type === 'file' ? item.caption : '',
      name_field_file: field,
      file_name: item.type === 'file' ? item.fileName : null,
      file_id: item.type === 'file' && !item.file ? item.fileId : null,
      file_url: null,
      content_type: item.type === 'file' ? item.contentType : null,
    };
  });
  const integration = draft.whenSend === 'event' && draft.whenSend2 === 'integration';
  const data: SaveTemplateData = {
    ...(draft.id !== null ? { id: draft.id } : {}),
    title: draft.title.trim(),
    active: draft.active,
    text_sms: draft.textSms,
    content,
    settings: {
      when_send: draft.whenSend,
      when_send2: wireWhenSend2(draft),
      when_time: isDayCategory(draft.whenSend) ? draft.whenTime : null,
      services: draft.services,
      categories: draft.categories,
      goods: draft.goods,
      staff: draft.staff,
      record_labels: draft.recordLabels,
      client_category: draft.clientCategory,
      visits: [draft.quantityFrom, draft.quantityTo],
      attendance: draft.attendance,
      send_only_lost_client: draft.sendOnlyLostClient,
      online: draft.onlineRecord,
      confirm_record: draft.confirmRecord,
      declined_record: draft.cancelRecord,
      send_confirm: draft.textConfirmation,
      text_cancel: draft.textCancel,
      integration_link: integration && draft.integrationLink.trim() ? draft.integrationLink.trim() : null,
      loyalty_action_id: draft.loyaltyActionId,
      blacklist: draft.blacklist,
    },
  };
  // Only true flags are sent: the server reads any present value of tm/em/new_template as true.
  const query: SaveRequest['query'] = draftKind(draft) === 'tm' ? { tm: true } : { em: true };
  if (draft.id === null) query.new_template = true;
  return { data, files, query };
}

type TemplateStatusText = (typeof TEMPLATE_STATUS)[keyof typeof TEMPLATE_STATUS];

// Contract status texts and issue codes the editor explains (contract templates.ts TEMPLATE_STATUS,
// templateSettings issues); the rest gets the common save error.
const STATUS_MESSAGES: Partial<Record<TemplateStatusText | string, SaveErrorKey>> = {
  NO_CANCEL_TEXT: 'noCancelText',
  'template test fields parse error': 'testFieldsParseError',
  FILE_TOO_BIG: 'fileTooBig',
  UNSUPPORTED_FILE: 'fileUnsupported',
  TEMPLATE_NOT_FOUND: 'notFound',
};
const ISSUE_MESSAGES: Record<string, SaveErrorKey> = {
  no_cancel_text: 'noCancelText',
  visits_quantity_error: 'visitsQuantityError',
  confirm_excludes_did_not_come: 'didNotComeWithConfirm',
  duplicate_phone: 'phoneDuplicate',
  invalid_phone: 'phoneInvalid',
  invalid_offset: 'invalidTiming',
  invalid_day: 'invalidTiming',
  invalid_event: 'invalidTiming',
  invalid_consent_kind: 'invalidTiming',
  invalid_time: 'invalidTiming',
};

export type SaveErrorKey =
  | 'badKeys'
  | 'badKeysUnnamed'
  | 'noCancelText'
  | 'testFieldsParseError'
  | 'fileTooBig'
  | 'fileUnsupported'
  | 'notFound'
  | 'visitsQuantityError'
  | 'didNotComeWithConfirm'
  | 'phoneDuplicate'
  | 'phoneInvalid'
  | 'invalidTiming'
  | 'accessDenied'
  | 'common';

export interface SaveErrorMessage {
  key: SaveErrorKey;
  // The bad keys of a 'Некорректные ключи в сообщении' answer, as the server listed them.
  keys?: string;
}

// A rejected save as the message the editor shows (SPEC 8: bad keys name the keys).
export function saveErrorMessage(error: unknown): SaveErrorMessage {
  if (!isApiError(error)) return { key: 'common' };
  if (error.status === STATUS.badKeys) {
    const keys = (error.detail ?? '')
      .split(/,\s*/)
      .map((key) => key.trim())
      .filter(Boolean)
      .map((key) => (key.startsWith('{') ? key : `{${key}}`));
    return keys.length > 0 ? { key: 'badKeys', keys: keys.join(', ') } : { key: 'badKeysUnnamed' };
  }
  if (ACCESS_DENIED_STATUSES.includes(error.status)) return { key: 'accessDenied' };
  const byStatus = STATUS_MESSAGES[error.status];
  if (byStatus) return { key: byStatus };
  for (const issue of error.issues) {
    const byIssue = ISSUE_MESSAGES[issue.code];
    if (byIssue) return { key: byIssue };
  }
  return { key: 'common' };
}
