import {
  type CLIENT_LIST_EXTENSIONS,
  CLIENT_LIST_STATUS,
  checkClientListFile,
  type ClientListStatus,
} from '@salon/contract/mailing-clients';
import { includedRecipients, type ConsentCountsWire } from '@salon/contract/mailing-sendouts';
import { isApiError } from '../../shared/api/api-error';
import { isAccessDenied, statusMessageKey, type StatusMessageKey } from '../../shared/api/error-message';
import { dropAccept } from '../../shared/ui/file-drop-rules';

// Step 1 "Recipients" (SPEC 3 Parsed client file, SPEC 4 Mailing, SPEC 5 client list, SPEC 8 Mailing).

// SPEC 4: the client source is an uploaded XLSX (default) or the booking system.
export type RecipientSource = 'xlsx' | 'crm';
export const DEFAULT_SOURCE: RecipientSource = 'xlsx';

export interface ConsentChoice {
  consentTrue: boolean;
  consentNeutral: boolean;
}
export const DEFAULT_CONSENT_CHOICE: ConsentChoice = { consentTrue: true, consentNeutral: true };

// SPEC 4 "the recipient choice toggles consenting and neutral recipients", counted as the server does.
export function recipientCount(consent: ConsentCountsWire, choice: ConsentChoice): number {
  return includedRecipients(consent, choice);
}

// The drop zone's and the picker's filter (SPEC 5 client list: xlsx, xls). fileFailure still
// checks every file, the refused ones included, and gives the reason shown.
const CLIENT_LIST_TYPES: Record<(typeof CLIENT_LIST_EXTENSIONS)[number], readonly string[]> = {
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  xls: ['application/vnd.ms-excel'],
};
export const CLIENT_LIST_DROP_ACCEPT = dropAccept(CLIENT_LIST_TYPES);

// The message keys of our client-list statuses (the spec's two texts show the callout instead).
const LIST_STATUS_KEYS = {
  [CLIENT_LIST_STATUS.tooBig]: 'tooBig',
  [CLIENT_LIST_STATUS.tooManyRows]: 'tooManyRows',
  [CLIENT_LIST_STATUS.saveAsXlsx]: 'saveAsXlsx',
  [CLIENT_LIST_STATUS.wrongType]: 'wrongType',
  [CLIENT_LIST_STATUS.damaged]: 'damaged',
} as const;
export type ClientListMessageKey = (typeof LIST_STATUS_KEYS)[keyof typeof LIST_STATUS_KEYS];

const NOT_FOUND_TEXTS: readonly string[] = [CLIENT_LIST_STATUS.empty, CLIENT_LIST_STATUS.noContacts];

export type ParseFailure =
  // SPEC 8: 'Нет контактов' and 'Файл пустой' show a "clients not found" callout and clear the file.
  | { kind: 'notFound' }
  // A client-list status of ours, translated.
  | { kind: 'listStatus'; key: ClientListMessageKey }
  // SPEC 8: any other detail shows as the message.
  | { kind: 'detail'; text: string }
  | { kind: 'accessDenied' }
  // Otherwise the common error (the errors namespace's text for the status).
  | { kind: 'common'; key: StatusMessageKey };

function fromListText(text: string): ParseFailure | null {
  if (NOT_FOUND_TEXTS.includes(text)) return { kind: 'notFound' };
  const key = (LIST_STATUS_KEYS as Record<string, ClientListMessageKey>)[text];
  return key ? { kind: 'listStatus', key } : null;
}

// What a failed /parse_xlsx (or /get_clients_from_ycl) shows.
export function parseFailure(error: unknown): ParseFailure {
  if (!isApiError(error)) return { kind: 'common', key: 'status.unknown' };
  if (isAccessDenied(error)) return { kind: 'accessDenied' };
  const byText = (error.detail ? fromListText(error.detail) : null) ?? fromListText(error.status);
  if (byText) return byText;
  if (error.detail) return { kind: 'detail', text: error.detail };
  return { kind: 'common', key: statusMessageKey(error) };
}

// The checks made before the upload (SPEC 5: xlsx/xls; a too-big list is rejected at once).
export function fileFailure(fileName: string, size: number): ParseFailure | null {
  const check = checkClientListFile(fileName, size);
  return check.ok ? null : (fromListText(check.status satisfies ClientListStatus) ?? { kind: 'notFound' });
}
