import { z } from 'zod';
import { normalizeStrictPhone } from './phone.js';

// The local CRM's dev booking API (/api/crm/local/*, not in the spec): the embedded CRM's own
// screens, so every template kind can be seen working without a YCLIENTS account. Times the user
// types are wall-clock times of the branch's time zone ('YYYY-MM-DDTHH:mm'); answers carry UTC
// instants plus that zone.

// Status texts of the calls; the dev page maps them to messages.
export const LOCAL_CRM_STATUS = {
  // The branch's bookings come from another CRM (YCLIENTS): its tables are a mirror, not ours to edit.
  notLocal: 'CRM_NOT_LOCAL',
  recordDeleted: 'RECORD_DELETED',
  unknownClient: 'UNKNOWN_CLIENT',
  unknownStaff: 'UNKNOWN_STAFF',
  unknownService: 'UNKNOWN_SERVICE',
  unknownGood: 'UNKNOWN_GOOD',
  unknownLabel: 'UNKNOWN_LABEL',
  unknownCategory: 'UNKNOWN_CLIENT_CATEGORY',
  invalidPhone: 'INVALID_PHONE',
  invalidTime: 'INVALID_TIME',
} as const;

// SPEC 3 Record client status.
export const ATTENDANCE = { didNotCome: -1, waiting: 0, came: 1, confirmed: 2 } as const;
export type Attendance = (typeof ATTENDANCE)[keyof typeof ATTENDANCE];
export const ATTENDANCE_VALUES = [-1, 0, 1, 2] as const satisfies readonly Attendance[];
export const attendanceSchema = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]);

export const CLIENT_NAME_MAX = 100;
export const RECORD_COMMENT_MAX = 1000;
export const RECORD_ITEMS_MAX = 20;
export const RECORD_LENGTH_MIN_MINUTES = 5;
export const RECORD_LENGTH_MAX_MINUTES = 720;
// The longest day range one records call may ask for.
export const RECORDS_RANGE_MAX_DAYS = 31;

// Client phones are stored as digits with the country code, by the product's phone rule
// (phone.ts); the field takes one number and nothing around it.
export function normalizeClientPhone(raw: string): string | null {
  return normalizeStrictPhone(raw);
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function validDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

// 'YYYY-MM-DD' as a calendar date, or null.
export function parseLocalDate(text: string): LocalDateTime | null {
  const m = LOCAL_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDate(year, month, day) ? { year, month, day, hour: 0, minute: 0 } : null;
}

// 'YYYY-MM-DDTHH:mm' (what <input type="datetime-local"> gives) as a wall-clock time, or null.
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  if (!validDate(year, month, day) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

// Whole days from one calendar date to another.
export function daysBetween(from: LocalDateTime, to: LocalDateTime): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}

export const localDateSchema = z.string().refine((v) => parseLocalDate(v) !== null, { message: 'invalid_date' });
export const localDateTimeSchema = z
  .string()
  .refine((v) => parseLocalDateTime(v) !== null, { message: LOCAL_CRM_STATUS.invalidTime });

const id = z.string().min(1).max(64);
const ids = z.array(id).max(RECORD_ITEMS_MAX);

// --- Wire shapes ---

export const localCrmStaffWire = z.object({ id: z.string(), title: z.string(), specialization: z.string().nullable() });
export type LocalCrmStaffWire = z.infer<typeof localCrmStaffWire>;
export const localCrmServiceWire = z.object({
  id: z.string(),
  title: z.string(),
  category_id: z.string().nullable(),
  price_min: z.number(),
  price_max: z.number(),
  duration_sec: z.number().int(),
});
export type LocalCrmServiceWire = z.infer<typeof localCrmServiceWire>;
export const localCrmGoodWire = z.object({ id: z.string(), title: z.string(), price: z.number() });
export const localCrmItemWire = z.object({ id: z.string(), title: z.string() });
export type LocalCrmItemWire = z.infer<typeof localCrmItemWire>;

// GET /crm/local/catalog: what a booking is made of, and the branch's time zone.
export const localCrmCatalogResponse = z.object({
  ok: z.literal(true),
  time_zone: z.string(),
  staff: z.array(localCrmStaffWire),
  services: z.array(localCrmServiceWire),
  categories: z.array(localCrmItemWire),
  goods: z.array(localCrmGoodWire),
  labels: z.array(localCrmItemWire),
  client_categories: z.array(localCrmItemWire),
  loyalty_card_types: z.array(localCrmItemWire),
});
export type LocalCrmCatalog = z.infer<typeof localCrmCatalogResponse>;

export const localCrmClientWire = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().int(),
  categories: z.array(z.string()),
  success_visits: z.number().int(),
  fail_visits: z.number().int(),
  bonus_balance: z.number(),
});
export type LocalCrmClientWire = z.infer<typeof localCrmClientWire>;

// GET /crm/local/clients?search: by name or phone digits, most visits first.
export const localCrmClientsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const localCrmClientsResponse = z.object({ ok: z.literal(true), clients: z.array(localCrmClientWire) });
export const localCrmClientResponse = z.object({ ok: z.literal(true), client: localCrmClientWire });

const recordServiceWire = z.object({
  id: z.string(),
  title: z.string(),
  cost: z.number(),
  category_id: z.string().nullable(),
  amount: z.number(),
});
const recordGoodWire = z.object({ id: z.string(), title: z.string(), cost: z.number(), amount: z.number() });

export const localCrmRecordWire = z.object({
  id: z.string(),
  client_id: z.string().nullable(),
  client_name: z.string(),
  client_phone: z.string(),
  staff_id: z.string().nullable(),
  staff_name: z.string(),
  services: z.array(recordServiceWire),
  goods: z.array(recordGoodWire),
  starts_at: z.string(),
  // The start as the branch's clocks show it, 'YYYY-MM-DDTHH:mm'.
  local_start: z.string(),
  length_sec: z.number().int(),
  attendance: attendanceSchema,
  deleted: z.boolean(),
  paid: z.boolean(),
  online: z.boolean(),
  labels: z.array(z.string()),
  comment: z.string(),
  short_link: z.string().nullable(),
  cost: z.number(),
  created_at: z.string(),
  changed_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type LocalCrmRecordWire = z.infer<typeof localCrmRecordWire>;

// GET /crm/local/records?from&to: records starting on these days of the branch (inclusive),
// cancelled ones too, by start.
export const localCrmRecordsQuery = z.object({ from: localDateSchema, to: localDateSchema }).refine(
  ({ from, to }) => {
    // Zod runs this even when a date failed its own check (that issue is already reported).
    const [first, last] = [parseLocalDate(from), parseLocalDate(to)];
    if (!first || !last) return true;
    const days = daysBetween(first, last);
    return days >= 0 && days < RECORDS_RANGE_MAX_DAYS;
  },
  { message: 'invalid_range', path: ['to'] },
);
export const localCrmRecordsResponse = z.object({
  ok: z.literal(true),
  time_zone: z.string(),
  records: z.array(localCrmRecordWire),
});
export const localCrmRecordResponse = z.object({ ok: z.literal(true), record: localCrmRecordWire });

// --- Requests ---

const clientName = z.string().trim().min(1).max(CLIENT_NAME_MAX);
// Checked by the server's rules (normalizeClientPhone), so the answer names INVALID_PHONE.
const clientPhone = z.string().trim().min(1).max(32);

// POST /crm/local/clients
export const localCrmCreateClientBody = z.object({
  name: clientName,
  phone: clientPhone,
  email: z.email().max(200).nullable().optional(),
  birthday: localDateSchema.nullable().optional(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  categories: ids.optional(),
});
export type LocalCrmCreateClientBody = z.infer<typeof localCrmCreateClientBody>;

// POST /crm/local/records: an existing client (client_id) or a new one (client); a new client whose
// phone the CRM knows is that client.
export const localCrmCreateRecordBody = z
  .object({
    client_id: id.optional(),
    client: z.object({ name: clientName, phone: clientPhone }).optional(),
    staff_id: id,
    service_ids: ids.min(1),
    goods_ids: ids.default([]),
    start: localDateTimeSchema,
    // Default: the services' durations added up.
    length_min: z.number().int().min(RECORD_LENGTH_MIN_MINUTES).max(RECORD_LENGTH_MAX_MINUTES).optional(),
    online: z.boolean().default(false),
    label_ids: ids.default([]),
    comment: z.string().max(RECORD_COMMENT_MAX).default(''),
  })
  .refine((b) => (b.client_id === undefined) !== (b.client === undefined), {
    message: 'client_id_or_client',
    path: ['client_id'],
  });
export type LocalCrmCreateRecordBody = z.input<typeof localCrmCreateRecordBody>;

export const localCrmRecordParams = z.object({ id });

// POST /crm/local/records/:id/move: a new start, a new master, or both.
export const localCrmMoveBody = z
  .object({ start: localDateTimeSchema.optional(), staff_id: id.optional() })
  .refine((b) => b.start !== undefined || b.staff_id !== undefined, { message: 'nothing_to_change', path: ['start'] });
export type LocalCrmMoveBody = z.infer<typeof localCrmMoveBody>;

// POST /crm/local/records/:id/attendance
export const localCrmAttendanceBody = z.object({ attendance: attendanceSchema });
// POST /crm/local/records/:id/pay and DELETE /crm/local/records/:id take no body.
