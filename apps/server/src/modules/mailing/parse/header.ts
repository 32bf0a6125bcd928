import {
  CLIENT_LIST_BASE_KEYS,
  CLIENT_LIST_HEADER_ALIASES,
  type ClientListColumn,
} from '@salon/contract/mailing-clients';

// Letters and digits only, lower case, ё as е: 'Full name', 'ТЕЛ.' and '  Телефон: ' compare
// equal to their aliases.
export function headerWord(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const NAME_ALIASES = new Set(CLIENT_LIST_HEADER_ALIASES.name.map(headerWord));
const PHONE_ALIASES = new Set(CLIENT_LIST_HEADER_ALIASES.phone.map(headerWord));
// Longer headers that still name a column ('Номер телефона', 'Имя клиента', 'Client name'); only
// trusted in a row of two or more headers, as a lone title like 'Телефоны клиентов' is no header.
const PHONE_PARTS = ['телефон', 'phone', 'mobile', 'мобильн', 'whatsapp'];
const NAME_PARTS = ['имя', 'фио', 'name'];

export type HeaderRole = 'name' | 'phone' | null;

export function headerRole(text: string, loose: boolean): HeaderRole {
  const word = headerWord(text);
  if (word === '') return null;
  if (PHONE_ALIASES.has(word)) return 'phone';
  if (NAME_ALIASES.has(word)) return 'name';
  if (!loose) return null;
  if (PHONE_PARTS.some((part) => word.includes(part))) return 'phone';
  if (NAME_PARTS.some((part) => word.includes(part))) return 'name';
  return null;
}

const KEY_MAX = 40;

// A header as a message key: latin and cyrillic letters, digits and '_', lower case
// ('Дата визита' → 'дата_визита', 'Sum, ₽' → 'sum').
export function keyFromHeader(text: string): string {
  let key = '';
  let gap = false;
  for (const ch of text.toLowerCase()) {
    const safe = (ch >= 'a' && ch <= 'z') || (ch >= 'а' && ch <= 'я') || ch === 'ё' || (ch >= '0' && ch <= '9');
    if (safe) {
      if (gap && key !== '') key += '_';
      key += ch;
      gap = false;
    } else {
      gap = true;
    }
  }
  return key.slice(0, KEY_MAX).replace(/_+$/, '');
}

export interface HeaderCell {
  column: number;
  text: string;
}

export interface ColumnMap {
  phone: number | null;
  name: number | null;
  // Free columns and their keys, in column order.
  extra: { column: number; key: string }[];
  columns: ClientListColumn[];
}

// The columns of a header row: the first phone and the first name column by their aliases (exact
// ones before loose ones), every other titled column as a key of its own.
export function mapHeader(cells: readonly HeaderCell[]): ColumnMap {
  const titled = cells.filter((c) => c.text !== '');
  const loose = titled.length >= 2;
  const roles = titled.map((c) => ({ cell: c, exact: headerRole(c.text, false), any: headerRole(c.text, loose) }));
  const pick = (role: 'name' | 'phone') =>
    (roles.find((r) => r.exact === role) ?? roles.find((r) => r.any === role))?.cell.column ?? null;
  const phone = pick('phone');
  const name = pick('name');

  const used = new Set<string>(CLIENT_LIST_BASE_KEYS);
  const extra: ColumnMap['extra'] = [];
  const columns: ClientListColumn[] = [];
  for (const cell of titled) {
    let key: string;
    if (cell.column === phone) key = 'phone';
    else if (cell.column === name) key = 'name';
    else {
      const base = keyFromHeader(cell.text) || `column_${cell.column}`;
      key = base;
      for (let n = 2; used.has(key); n += 1) key = `${base}_${n}`;
      used.add(key);
      extra.push({ column: cell.column, key });
    }
    columns.push({ column: cell.column, header: cell.text, key });
  }
  return { phone, name, extra, columns };
}
