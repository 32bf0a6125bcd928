import {
  LOCAL_CRM_STATUS,
  normalizeClientPhone,
  parseLocalDate,
  type Attendance,
  type LocalCrmCreateRecordBody,
  type LocalCrmRecordWire,
  type LocalCrmServiceWire,
} from '@salon/contract/local-crm';
import { isApiError } from '../../shared/api/api-error';

// What a record is, for its badge: cancelled (deleted) wins over the client status.
export type RecordStatus = 'cancelled' | 'didNotCome' | 'waiting' | 'came' | 'confirmed';

const STATUS_OF: Record<Attendance, RecordStatus> = { [-1]: 'didNotCome', 0: 'waiting', 1: 'came', 2: 'confirmed' };
export const STATUS_COLORS: Record<RecordStatus, string> = {
  cancelled: 'gray',
  didNotCome: 'red',
  waiting: 'blue',
  came: 'teal',
  confirmed: 'violet',
};

export function statusOf(record: Pick<LocalCrmRecordWire, 'deleted' | 'attendance'>): RecordStatus {
  return record.deleted ? 'cancelled' : STATUS_OF[record.attendance];
}

export type RecordActionKind = 'move' | 'came' | 'didNotCome' | 'confirm' | 'pay' | 'cancel';

// The buttons a record offers: a cancelled record is history; the others offer every change that
// would change something.
export function actionsFor(record: Pick<LocalCrmRecordWire, 'deleted' | 'attendance' | 'paid'>): RecordActionKind[] {
  if (record.deleted) return [];
  const actions: RecordActionKind[] = ['move'];
  if (record.attendance === 0) actions.push('confirm');
  if (record.attendance !== 1) actions.push('came');
  if (record.attendance !== -1) actions.push('didNotCome');
  if (!record.paid) actions.push('pay');
  actions.push('cancel');
  return actions;
}

const pad = (n: number) => String(n).padStart(2, '0');

// 'YYYY-MM-DD' and 'YYYY-MM-DDTHH:mm' as the zone's clocks show an instant.
export function zonedParts(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${pad(Number(parts.month))}-${pad(Number(parts.day))}`;
  return { date, time: `${pad(Number(parts.hour))}:${pad(Number(parts.minute))}` };
}

export function shiftDay(date: string, days: number): string {
  const p = parseLocalDate(date);
  if (!p) return date;
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

// "Thursday, March 12" / "Четверг, 12 марта" in the user's language (a calendar date: no zone
// involved). Only the first letter is raised: Russian month names stay lower case.
export function dayTitle(date: string, locale: string): string {
  const p = parseLocalDate(date);
  if (!p) return date;
  const text = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(p.year, p.month - 1, p.day)));
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

// "11:00–12:30" on the branch's clocks.
export function timeRange(record: Pick<LocalCrmRecordWire, 'starts_at' | 'length_sec'>, timeZone: string): string {
  const start = new Date(record.starts_at);
  const end = new Date(start.getTime() + record.length_sec * 1000);
  return `${zonedParts(start, timeZone).time}–${zonedParts(end, timeZone).time}`;
}

// What the day's bookings are worth, cancelled ones aside.
export function dayTotal(records: readonly Pick<LocalCrmRecordWire, 'deleted' | 'cost'>[]): number {
  return records.filter((r) => !r.deleted).reduce((sum, r) => sum + r.cost, 0);
}

// A new booking starts on the chosen day at the next full hour (today) or at opening time.
export function defaultStart(day: string, now: Date, timeZone: string): string {
  const here = zonedParts(now, timeZone);
  if (day !== here.date) return `${day}T10:00`;
  const hour = Math.min(Number(here.time.slice(0, 2)) + 1, 23);
  return `${day}T${pad(hour)}:00`;
}

export interface CreateRecordForm {
  clientMode: 'existing' | 'new';
  clientId: string | null;
  clientName: string;
  clientPhone: string;
  staffId: string | null;
  serviceIds: string[];
  start: string;
  online: boolean;
  labelIds: string[];
  comment: string;
}

export type CreateRecordField = 'client' | 'clientName' | 'clientPhone' | 'staff' | 'services' | 'start';
export type CreateRecordProblems = Partial<Record<CreateRecordField, 'required' | 'invalidPhone'>>;

export function createRecordProblems(form: CreateRecordForm): CreateRecordProblems {
  const problems: CreateRecordProblems = {};
  if (form.clientMode === 'existing' && !form.clientId) problems.client = 'required';
  if (form.clientMode === 'new') {
    if (!form.clientName.trim()) problems.clientName = 'required';
    if (!form.clientPhone.trim()) problems.clientPhone = 'required';
    else if (!normalizeClientPhone(form.clientPhone)) problems.clientPhone = 'invalidPhone';
  }
  if (!form.staffId) problems.staff = 'required';
  if (form.serviceIds.length === 0) problems.services = 'required';
  if (!form.start) problems.start = 'required';
  return problems;
}

export function toCreateRecordBody(form: CreateRecordForm): LocalCrmCreateRecordBody {
  return {
    ...(form.clientMode === 'existing'
      ? { client_id: form.clientId! }
      : { client: { name: form.clientName.trim(), phone: form.clientPhone.trim() } }),
    staff_id: form.staffId!,
    service_ids: form.serviceIds,
    start: form.start,
    online: form.online,
    label_ids: form.labelIds,
    comment: form.comment.trim(),
  };
}

// The chosen services' price and length, as the CRM will compute them.
export function servicesSummary(
  services: readonly LocalCrmServiceWire[],
  ids: readonly string[],
): { price: number; minutes: number } {
  const chosen = services.filter((s) => ids.includes(s.id));
  return {
    price: chosen.reduce((sum, s) => sum + s.price_min, 0),
    minutes: chosen.reduce((sum, s) => sum + s.duration_sec / 60, 0),
  };
}

const FAILURE_KEYS = {
  [LOCAL_CRM_STATUS.notLocal]: 'notLocal',
  [LOCAL_CRM_STATUS.recordDeleted]: 'recordDeleted',
  [LOCAL_CRM_STATUS.unknownClient]: 'unknownClient',
  [LOCAL_CRM_STATUS.unknownStaff]: 'unknownStaff',
  [LOCAL_CRM_STATUS.unknownService]: 'unknownService',
  [LOCAL_CRM_STATUS.unknownGood]: 'unknownService',
  [LOCAL_CRM_STATUS.unknownLabel]: 'unknownLabel',
  [LOCAL_CRM_STATUS.unknownCategory]: 'unknownLabel',
  [LOCAL_CRM_STATUS.invalidPhone]: 'invalidPhone',
  [LOCAL_CRM_STATUS.invalidTime]: 'invalidTime',
} as const;
export type FailureKey = (typeof FAILURE_KEYS)[keyof typeof FAILURE_KEYS];

// The dev page's own message for a refused change, or null for the shared error texts.
export function failureKey(error: unknown): FailureKey | null {
  if (!isApiError(error)) return null;
  const direct = (FAILURE_KEYS as Record<string, FailureKey>)[error.status];
  if (direct) return direct;
  const codes = error.issues.map((i) => i.code);
  if (codes.includes(LOCAL_CRM_STATUS.invalidTime)) return 'invalidTime';
  return null;
}

export function isNotLocal(error: unknown): boolean {
  return isApiError(error) && error.status === LOCAL_CRM_STATUS.notLocal;
}
