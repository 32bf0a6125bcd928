import { MAX_ATTACHMENT_BYTES } from './attachments.js';

// The client list of a mailing (SPEC 5 Mailing): an Excel file of names and phones, where any
// other column becomes a {key} of the message. Zod-free, so the upload form can use it.

export const CLIENT_LIST_EXTENSIONS = ['xlsx', 'xls'] as const;
// The spec says only that a too-big list is refused; it gets the attachments' 20 MB (SPEC 9).
export const MAX_CLIENT_LIST_BYTES = MAX_ATTACHMENT_BYTES;
// Ours: a longer list is refused as a whole rather than cut without a word.
export const MAX_CLIENT_LIST_ROWS = 100_000;

// Header texts of the name and phone columns. They match without case, spaces and punctuation
// ('Full name', 'ТЕЛ.'); any other header becomes a key of its own.
export const CLIENT_LIST_HEADER_ALIASES = {
  name: ['имя', 'фио', 'клиент', 'name', 'client', 'full name'],
  phone: ['телефон', 'тел', 'номер', 'мобильный', 'phone', 'mobile', 'number', 'whatsapp'],
} as const;

// The keys every list has, whatever its columns (SPEC 3 Variables, Mailing).
export const CLIENT_LIST_BASE_KEYS = ['name', 'phone'] as const;

// Answers of the client-list upload. The first two are the spec's texts, on which the cabinet
// shows its "clients not found" callout (SPEC 8 Mailing); the rest are ours, each mapped to a
// translated message.
export const CLIENT_LIST_STATUS = {
  empty: 'Файл пустой',
  noContacts: 'Нет контактов',
  tooBig: 'File too big',
  tooManyRows: 'Too many rows',
  // An xlsx locked with a password, an encrypted .xls, or an .xls older than Excel 97 (BIFF5):
  // none can be read (Excel 97-2003 .xls files are); saving the file as .xlsx helps in each case.
  saveAsXlsx: 'Save as xlsx',
  wrongType: 'Not an Excel file',
  damaged: 'File damaged',
} as const;
export type ClientListStatus = (typeof CLIENT_LIST_STATUS)[keyof typeof CLIENT_LIST_STATUS];

// What was read: every non-empty row after the header is one of clients, duplicates (the same
// phone again; the first row wins), blacklisted or invalid (no usable phone). Empty rows between
// clients are counted apart; trailing ones are not counted.
export interface ClientListCounts {
  rows: number;
  clients: number;
  duplicates: number;
  blacklisted: number;
  invalid: number;
  empty: number;
}

// A column of the file and the key its values go under ('name', 'phone' or a key made from the header).
export interface ClientListColumn {
  column: number;
  header: string;
  key: string;
}

export type ClientListFileCheck = { ok: true } | { ok: false; status: ClientListStatus };

// The checks that need only the name and size, made before the upload.
export function checkClientListFile(fileName: string, size: number): ClientListFileCheck {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (!(CLIENT_LIST_EXTENSIONS as readonly string[]).includes(extension)) {
    return { ok: false, status: CLIENT_LIST_STATUS.wrongType };
  }
  if (size <= 0) return { ok: false, status: CLIENT_LIST_STATUS.empty };
  if (size > MAX_CLIENT_LIST_BYTES) return { ok: false, status: CLIENT_LIST_STATUS.tooBig };
  return { ok: true };
}
