import { normalizePhone } from '@salon/contract/phone';
import { localParts } from '@salon/contract/zoned-time';
import type { CrmClient, CrmRecord, RecordGood, RecordService, ReferenceItem, ReferenceKind } from '../../crm.js';
import { YclientsError } from './yclients-client.js';

// YCLIENTS entities (as the API Blueprint shows them) turned into the port's shapes. Answers come
// from PHP: numbers arrive as numbers or strings ("1000.00"), flags as booleans or 0/1, an empty
// object as [] — so every field is read as `unknown` and narrowed here.

type Raw = Record<string, unknown>;

export function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectOr(value: unknown): Raw {
  return isObject(value) ? value : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

// An id, or null for YCLIENTS' "none" (0, '', '0', null).
export function toId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && value.trim() !== '0') return value.trim();
  return null;
}

function toText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function toFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function badResponse(message: string): YclientsError {
  return new YclientsError('bad_response', `YCLIENTS: ${message}`, undefined, false);
}

// --- Phones ---

// Digits with the country code by the product's phone rule ('+7 916 123-45-67' → '79161234567';
// '8 916 …' and '916 …' are Russian), or '' when YCLIENTS holds no usable phone.
export function normalisePhone(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return normalizePhone(value) ?? '';
}

// --- Dates ---

// "2019-01-16T16:00:00+09:00", "2019-01-16T20:35:11+0900", "2019-01-16 16:00:00" (no offset: the
// company's wall clock), with optional fractions of a second.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

// Minutes east of UTC in an ISO 8601 offset: Z, +03, +0300, +03:00.
function offsetMinutes(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + (digits.length > 2 ? Number(digits.slice(2, 4)) : 0));
}

// The offset written in a YCLIENTS date-time, in minutes east of UTC.
export function offsetOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const zone = DATE_TIME.exec(value.trim())?.[8];
  return zone ? offsetMinutes(zone) : undefined;
}

// The instant a YCLIENTS date-time names. One without an offset is read at `fallbackOffsetMin`
// (the company's), or gives null when none is known.
export function parseYclientsDate(value: unknown, fallbackOffsetMin?: number): Date | null {
  if (typeof value !== 'string') return null;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = m;
  const offset = zone ? offsetMinutes(zone) : fallbackOffsetMin;
  if (offset === undefined) return null;
  const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second ?? 0),
    ms,
  );
  const check = new Date(wall);
  // Date.UTC rolls 2019-02-30 over to March; such a value is not a date.
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return null;
  return new Date(wall - offset * 60_000);
}

// A company's time zone as YCLIENTS gives it — an IANA name ("Europe/Moscow"), or hours east of UTC
// (3, "3", "+03:00") — as minutes east of UTC at `at`; undefined when it cannot be read.
export function zoneOffsetMinutes(zone: unknown, at: Date): number | undefined {
  if (typeof zone === 'number') return Number.isFinite(zone) ? Math.round(zone * 60) : undefined;
  if (typeof zone !== 'string' || zone.trim() === '') return undefined;
  const name = zone.trim();
  if (/^[+-]?\d{1,2}(\.\d+)?$/.test(name)) return Math.round(Number(name) * 60);
  if (/^[+-]\d{2}:?\d{2}$/.test(name)) return offsetMinutes(name);
  try {
    const p = localParts(at, name);
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
    return Number.isFinite(offset) ? offset : undefined;
  } catch {
    return undefined;
  }
}

// `YYYY-MM-DDTHH:mm:ss` as a wall clock `offsetMin` east of UTC shows `at` (seconds cut off).
export function wallTime(at: Date, offsetMin: number): string {
  return new Date(at.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
}

// --- Records ---

function service(raw: unknown): RecordService | null {
  const s = objectOr(raw);
  const id = toId(s.id);
  if (!id) return null;
  return {
    id,
    title: toText(s.title),
    // The line's final price (after the discount), as YCLIENTS reports it.
    cost: toNumber(s.cost) ?? 0,
    categoryId: toId(s.category_id),
    amount: toNumber(s.amount) ?? 1,
  };
}

// goods_transactions of a record: sales carry a negative amount (stock leaves the storage).
function good(raw: unknown): RecordGood | null {
  const t = objectOr(raw);
  if (toFlag(t.deleted)) return null;
  const item = objectOr(t.good);
  const id = toId(item.id) ?? toId(t.good_id);
  if (!id) return null;
  return {
    id,
    title: toText(item.title) || toText(t.title),
    cost: toNumber(t.cost) ?? 0,
    amount: Math.abs(toNumber(t.amount) ?? 1),
  };
}

function labelId(raw: unknown): string | null {
  return isObject(raw) ? toId(raw.id) : toId(raw);
}

// A record (GET /record, /records, a webhook's data) as the port's CrmRecord. `deletedAt` is the
// processor's to set.
export function normaliseRecord(raw: unknown): CrmRecord {
  if (!isObject(raw)) throw badResponse('a record is not an object');
  const id = toId(raw.id);
  if (!id) throw badResponse('a record has no id');
  // Dates without an offset (`date`, some `create_date`s) are the company's wall clock, the same
  // one `datetime` carries.
  const offset = offsetOf(raw.datetime);
  const startsAt = parseYclientsDate(raw.datetime) ?? parseYclientsDate(raw.date, offset);
  if (!startsAt) throw badResponse(`record ${id} has no readable datetime`);
  const createdAt = parseYclientsDate(raw.create_date, offset);
  const changedAt = parseYclientsDate(raw.last_change_date, offset) ?? createdAt ?? startsAt;
  const client = objectOr(raw.client);
  const staff = objectOr(raw.staff);
  return {
    id,
    clientId: toId(client.id),
    clientName: toText(client.name),
    clientPhone: normalisePhone(client.phone),
    staffId: toId(raw.staff_id) ?? toId(staff.id),
    staffName: toText(staff.name),
    services: list(raw.services)
      .map(service)
      .filter((s): s is RecordService => s !== null),
    goods: list(raw.goods_transactions)
      .map(good)
      .filter((g): g is RecordGood => g !== null),
    startsAt,
    lengthSec: toNumber(raw.seance_length) ?? toNumber(raw.length) ?? 0,
    attendance: toNumber(raw.attendance) ?? 0,
    deleted: toFlag(raw.deleted),
    paid: toNumber(raw.paid_full) === 1,
    online: toFlag(raw.online),
    labels: list(raw.record_labels)
      .map(labelId)
      .filter((l): l is string => l !== null),
    comment: toText(raw.comment),
    shortLink: toText(raw.short_link) || null,
    createdAt: createdAt ?? changedAt,
    changedAt,
    deletedAt: null,
  };
}

// --- Clients ---

const SEX_BY_NAME: Record<string, number> = { мужской: 1, женский: 2 };

// GET /client/{company_id}/{id}. YCLIENTS gives no creation date: `last_change_date` stands in.
// The visit counts come from a record's client (`success_visits_count`), a client has `visits`.
export function normaliseClient(raw: unknown, bonusBalance = 0): CrmClient {
  if (!isObject(raw)) throw badResponse('a client is not an object');
  const id = toId(raw.id);
  if (!id) throw badResponse('a client has no id');
  const birth = toText(raw.birth_date);
  const updatedAt = parseYclientsDate(raw.last_change_date) ?? new Date(0);
  return {
    id,
    name: toText(raw.name),
    phone: normalisePhone(raw.phone),
    email: toText(raw.email) || null,
    // '0000-…' and the Unix epoch are what YCLIENTS keeps for "no birthday": not a real date to greet on.
    birthday: /^\d{4}-\d{2}-\d{2}$/.test(birth) && !birth.startsWith('0000') && birth !== '1970-01-01' ? birth : null,
    sex: toNumber(raw.sex_id) ?? SEX_BY_NAME[toText(raw.sex).toLowerCase()] ?? 0,
    categories: list(raw.categories)
      .map(labelId)
      .filter((c): c is string => c !== null),
    successVisits: toNumber(raw.success_visits_count) ?? toNumber(raw.visits) ?? 0,
    failVisits: toNumber(raw.fail_visits_count) ?? 0,
    bonusBalance,
    createdAt: updatedAt,
    updatedAt,
  };
}

// Loyalty cards of a client (GET /loyalty/client_cards/{client_id}): the sum of their balances.
export function cardsBalance(data: unknown): number {
  const cards = Array.isArray(data) ? data : isObject(data) ? [data] : [];
  return cards.reduce<number>((sum, card) => sum + (toNumber(objectOr(card).balance) ?? 0), 0);
}

// --- Reference lists ---

function item(id: unknown, title: unknown): ReferenceItem | null {
  const key = toId(id);
  return key ? { id: key, title: toText(title) } : null;
}

// One list entry of each reference kind, as YCLIENTS shapes it; null drops it (fired staff,
// deleted labels).
const REFERENCE_ITEM: Record<ReferenceKind, (raw: Raw) => ReferenceItem | null> = {
  services: (r) => {
    const service = item(r.id, r.title);
    return service ? { ...service, categoryId: toId(r.category_id) } : null;
  },
  categories: (r) => item(r.id, r.title),
  staff: (r) => (toFlag(r.fired) ? null : item(r.id, r.name)),
  goods: (r) => item(r.good_id ?? r.id, toText(r.title) || r.value),
  client_category: (r) => (toFlag(r.deleted) ? null : item(r.id, r.title)),
  record_labels: (r) => (toFlag(r.deleted) ? null : item(r.id, r.title)),
  loyalty_card_types: (r) => item(r.id, r.title),
};

export function normaliseReference(kind: ReferenceKind, data: unknown): ReferenceItem[] {
  // A list, or (the labels example) an object keyed by position.
  const entries = Array.isArray(data) ? data : isObject(data) ? Object.values(data) : [];
  return entries
    .filter(isObject)
    .map((raw) => REFERENCE_ITEM[kind](raw))
    .filter((i): i is ReferenceItem => i !== null);
}
