// The booking side of the fake YCLIENTS (fake-yclients-server.ts), from the API Blueprint
// (mkosinov/yclientsapi docs/yclients_official/yclientsru.apib): GET /book_times answers
// [{time, seance_length, datetime}], POST /records/{company_id} creates a record (required:
// staff_id, services, client, datetime, seance_length, save_if_busy, send_sms), and with
// save_if_busy=false a time that is taken or outside the master's schedule is refused with the
// Blueprint's 422 "Выбранное время уже занято или является нерабочим". Read by this fake
// (unverified against the real service): sessions start on a 30-minute grid of the schedule;
// a master not listed in a service's `staff` gets no sessions for it.

type Raw = Record<string, unknown>;

export interface BookingCompany {
  id: number;
  offset: string;
  offsetMin: number;
  records: Map<number, Raw>;
  clients: Map<number, Raw>;
  reference: { services: Raw[]; staff: Raw[] };
  // staff id → day ('YYYY-MM-DD', the company's) → working hours ['10:00', '20:00'].
  schedules: Map<number, Map<string, [string, string]>>;
}

export const FAKE_SESSION_STEP_MIN = 30;

export type Answer = { status: number; data: unknown } | { status: number; error: string; errors?: unknown };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');

// The instant of the company's wall clock `day` + `minute`.
function wallInstant(c: BookingCompany, day: string, minute: number): number {
  return Date.parse(`${day}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00${c.offset}`);
}

function dayOf(c: BookingCompany, ms: number): { day: string; minute: number } {
  const wall = new Date(ms + c.offsetMin * 60_000).toISOString();
  return { day: wall.slice(0, 10), minute: minutes(wall.slice(11, 16)) };
}

const recordStart = (r: Raw) => Date.parse(String(r.datetime));
const recordLength = (r: Raw) => Number(r.seance_length ?? r.length ?? 3600);

// Within the master's hours that day, and no other live record of the master overlaps.
export function isFree(c: BookingCompany, staffId: number, start: number, lengthSec: number, exceptId?: number) {
  const { day, minute } = dayOf(c, start);
  const hours = c.schedules.get(staffId)?.get(day);
  if (!hours || minute < minutes(hours[0]) || minute + lengthSec / 60 > minutes(hours[1])) return false;
  const end = start + lengthSec * 1000;
  return ![...c.records.values()].some(
    (r) =>
      r.deleted !== true &&
      Number(r.staff_id) === staffId &&
      Number(r.id) !== exceptId &&
      recordStart(r) < end &&
      start < recordStart(r) + recordLength(r) * 1000,
  );
}

// The master's seance length for the services (ServiceStaff.seance_length), or null when the
// master does not do one of them.
function lengthFor(c: BookingCompany, staffId: number, serviceIds: number[]): number | null {
  let total = 0;
  for (const id of serviceIds) {
    const service = c.reference.services.find((s) => Number(s.id) === id);
    const link = ((service?.staff as Raw[] | undefined) ?? []).find((s) => Number(s.id) === staffId);
    if (!link) return null;
    total += Number(link.seance_length);
  }
  return total || 3600;
}

export function bookTimes(c: BookingCompany, staffId: number, day: string, query: URLSearchParams, now: number) {
  if (!c.reference.staff.some((s) => Number(s.id) === staffId)) {
    return { status: 404, error: 'Сотрудник не найден' } satisfies Answer;
  }
  const serviceIds = query.getAll('service_ids[]').map(Number);
  const length = lengthFor(c, staffId, serviceIds);
  const hours = c.schedules.get(staffId)?.get(day);
  if (length === null || !hours) return { status: 200, data: [] } satisfies Answer;
  const sessions: Raw[] = [];
  for (let m = minutes(hours[0]); m + length / 60 <= minutes(hours[1]); m += FAKE_SESSION_STEP_MIN) {
    const start = wallInstant(c, day, m);
    if (start <= now || !isFree(c, staffId, start, length)) continue;
    const time = `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    sessions.push({ time, seance_length: length, datetime: `${day}T${time}:00${c.offset}` });
  }
  return { status: 200, data: sessions } satisfies Answer;
}

const REQUIRED_POST = ['staff_id', 'services', 'client', 'datetime', 'seance_length', 'save_if_busy', 'send_sms'];

export function busyMessage(c: BookingCompany, staffId: number, datetime: string): string {
  const staff = c.reference.staff.find((s) => Number(s.id) === staffId);
  return `К сотруднику ${String(staff?.name ?? '')}(${staffId}) нельзя записаться на ${datetime}. Выбранное время уже занято или является нерабочим.`;
}

// POST /records/{company_id}. `create` writes the record as the server's journal does.
export function postRecord(
  c: BookingCompany,
  body: Raw,
  nextClientId: () => number,
  create: (fields: Raw & { datetime: string }) => Raw,
): Answer {
  const missing = REQUIRED_POST.filter((k) => body[k] === undefined);
  if (missing.length > 0) {
    return {
      status: 422,
      error: 'Ошибка валидации',
      errors: Object.fromEntries(missing.map((k) => [k, ['Обязательное поле']])),
    };
  }
  const staff = c.reference.staff.find((s) => Number(s.id) === Number(body.staff_id));
  if (!staff) return { status: 422, error: 'Сотрудник не найден' };
  const services: Raw[] = [];
  for (const s of body.services as Raw[]) {
    const known = c.reference.services.find((x) => Number(x.id) === Number(s.id));
    if (!known) return { status: 422, error: 'Услуга не найдена' };
    const cost = Number(s.cost ?? known.price_min ?? 0);
    services.push({ id: Number(known.id), title: known.title, cost, first_cost: cost, discount: 0, amount: 1 });
  }
  const datetime = String(body.datetime);
  const start = Date.parse(datetime);
  const length = Number(body.seance_length);
  if (Number.isNaN(start)) return { status: 422, error: 'Неверный формат даты' };
  if (body.save_if_busy === false && !isFree(c, Number(staff.id), start, length)) {
    return { status: 422, error: busyMessage(c, Number(staff.id), datetime) };
  }
  const asked = body.client as Raw;
  const phone = String(asked.phone ?? '').replace(/\D/g, '');
  let client = [...c.clients.values()].find((x) => String(x.phone).replace(/\D/g, '') === phone);
  if (!client) {
    client = { id: nextClientId(), name: asked.name ?? '', phone, email: '', categories: [], sex_id: 0, visits: 0 };
    c.clients.set(Number(client.id), client);
  }
  const record = create({
    staff_id: Number(staff.id),
    staff: { id: Number(staff.id), name: staff.name, specialization: staff.specialization ?? '' },
    services,
    client: { id: client.id, name: client.name, phone: client.phone, email: client.email ?? '' },
    datetime,
    seance_length: length,
    length,
    comment: String(body.comment ?? ''),
  });
  return { status: 201, data: record };
}

// GET /records filters the Blueprint lists besides the change dates: client_id, staff_id and the
// session's day (start_date / end_date, the company's calendar).
export function recordMatches(c: BookingCompany, r: Raw, query: URLSearchParams): boolean {
  const clientId = query.get('client_id');
  if (clientId && Number((r.client as Raw | null)?.id) !== Number(clientId)) return false;
  const staffId = query.get('staff_id');
  if (staffId && Number(r.staff_id) !== Number(staffId)) return false;
  const { day } = dayOf(c, recordStart(r));
  const from = query.get('start_date');
  const to = query.get('end_date');
  return (!from || day >= from) && (!to || day <= to);
}
