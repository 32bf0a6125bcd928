import {
  SlotTaken,
  type CrmBooking,
  type CrmCatalogue,
  type CrmRecord,
  type CrmService,
  type CrmSlot,
  type CrmStaff,
  type FreeSlotsQuery,
} from '../../crm.js';
import { SEARCH_PAGE_SIZE } from './client-search.js';
import {
  isObject,
  normalisePhone,
  normaliseRecord,
  normaliseReference,
  parseYclientsDate,
  toId,
  toNumber,
  wallTime,
  zoneOffsetMinutes,
} from './normalise.js';
import { recordBody } from './record-body.js';
import { YclientsError, type YclientsReply, type YclientsRequest } from './yclients-client.js';

// Booking through the YCLIENTS REST API (API Blueprint, mkosinov/yclientsapi
// docs/yclients_official/yclientsru.apib):
// - catalogue: GET /company/{id}/services (price_min, price_max, staff[{id, seance_length}]),
//   /company/{id}/staff, /company/{id}/service_categories;
// - free slots: GET /book_times/{company_id}/{staff_id}/{date}?service_ids[]= per master, answers
//   [{time, seance_length, datetime}];
// - a client's records: the Blueprint's GET /records filters by client_id, not phone, so the phone
//   is first found with POST /company/{id}/clients/search (quick_search, exact phone kept);
// - book: POST /records/{company_id} with save_if_busy=false; move: PUT /record/{company_id}/{id}
//   with the record's own fields, the new datetime and save_if_busy=false.

export interface YclientsBookingDeps {
  call(request: Omit<YclientsRequest, 'userToken'>): Promise<YclientsReply>;
  companyId: string;
  // The company's zone as GET /company gives it (IANA name or hours).
  zone(): Promise<unknown>;
}

// A service YCLIENTS lists without any length (the Blueprint's services have none of their own).
const DEFAULT_LENGTH_SEC = 3600;
const RECORDS_PAGE_SIZE = 300;
// Widest offset in use: a company whose zone cannot be read still gets every record of the day.
const WESTMOST_OFFSET_MIN = -12 * 60;

const objectOf = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
const truthy = (value: unknown) => value === true || value === 1 || value === '1';

interface ServiceEntry extends CrmService {
  // Seconds each master needs for it (ServiceStaff.seance_length).
  lengthByStaff: Map<string, number>;
}

function serviceOf(raw: unknown): ServiceEntry | null {
  const s = objectOf(raw);
  const id = toId(s.id);
  // active 0: not offered for online booking, so not offered by us either.
  if (!id || s.active === 0 || s.active === '0') return null;
  const lengthByStaff = new Map<string, number>();
  for (const entry of listOf(s.staff)) {
    const staffId = isObject(entry) ? toId(entry.id) : toId(entry);
    if (!staffId) continue;
    const length = isObject(entry) ? toNumber(entry.seance_length) : undefined;
    lengthByStaff.set(staffId, length ?? 0);
  }
  const lengths = [...lengthByStaff.values()].filter((l) => l > 0);
  return {
    id,
    title: typeof s.title === 'string' ? s.title : '',
    categoryId: toId(s.category_id),
    priceMin: toNumber(s.price_min) ?? 0,
    priceMax: toNumber(s.price_max) ?? toNumber(s.price_min) ?? 0,
    // Some answers carry `duration`; else the longest master's, so a slot is never too short.
    durationSec: toNumber(s.duration) || (lengths.length > 0 ? Math.max(...lengths) : DEFAULT_LENGTH_SEC),
    staffIds: [...lengthByStaff.keys()],
    lengthByStaff,
  };
}

function staffOf(raw: unknown): CrmStaff | null {
  const s = objectOf(raw);
  const id = toId(s.id);
  if (!id || truthy(s.fired)) return null;
  const specialization = typeof s.specialization === 'string' && s.specialization !== '' ? s.specialization : null;
  return { id, name: typeof s.name === 'string' ? s.name : '', specialization };
}

const present = <T>(x: T | null): x is T => x !== null;

// 409 (the Blueprint's "Мастер занят или не работает") or 422 with the busy / non-working message
// (book_record's documented answer, code 433): the time is not free. Other 422s are real errors.
function isBusy(err: unknown): boolean {
  if (!(err instanceof YclientsError)) return false;
  if (err.httpStatus === 409) return true;
  return err.httpStatus === 422 && /занят|нерабоч|busy|not available/i.test(err.message);
}

export class YclientsBooking {
  constructor(private readonly d: YclientsBookingDeps) {}

  private get path() {
    return {
      services: `/company/${this.d.companyId}/services`,
      staff: `/company/${this.d.companyId}/staff`,
      categories: `/company/${this.d.companyId}/service_categories`,
      record: (id: string) => `/record/${this.d.companyId}/${encodeURIComponent(id)}`,
    };
  }

  private async services(): Promise<ServiceEntry[]> {
    const reply = await this.d.call({ method: 'GET', path: this.path.services });
    return listOf(reply.data).map(serviceOf).filter(present);
  }

  private async staff(): Promise<CrmStaff[]> {
    const reply = await this.d.call({ method: 'GET', path: this.path.staff });
    return listOf(reply.data).map(staffOf).filter(present);
  }

  async catalogue(): Promise<CrmCatalogue> {
    const services = await this.services();
    const staff = await this.staff();
    const categories = await this.d.call({ method: 'GET', path: this.path.categories });
    return {
      services: services.map((s) => ({
        id: s.id,
        title: s.title,
        categoryId: s.categoryId,
        priceMin: s.priceMin,
        priceMax: s.priceMax,
        durationSec: s.durationSec,
        staffIds: s.staffIds,
      })),
      staff,
      categories: normaliseReference('categories', categories.data),
    };
  }

  // The masters asked about (the one named, else those of the service, else all), then each one's
  // book_times for the day. A master YCLIENTS does not know for the service (404/422) has none.
  async freeSlots(query: FreeSlotsQuery): Promise<CrmSlot[]> {
    let service: ServiceEntry | undefined;
    if (query.serviceId !== undefined) {
      service = (await this.services()).find((s) => s.id === query.serviceId);
      if (!service) return [];
    }
    let masters = await this.staff();
    if (query.staffId !== undefined) masters = masters.filter((m) => m.id === query.staffId);
    const doers = service?.staffIds ?? [];
    if (doers.length > 0) masters = masters.filter((m) => doers.includes(m.id));

    // book_times offers only sessions that can still be booked, so no "now" is applied here.
    const slots: CrmSlot[] = [];
    for (const master of masters) {
      const times = await this.bookTimes(master.id, query.day, service?.id);
      for (const raw of times) {
        const t = objectOf(raw);
        const startsAt = parseYclientsDate(t.datetime) ?? this.wallStart(query, t.time);
        if (!startsAt) continue;
        const lengthSec =
          toNumber(t.seance_length) ||
          (service ? service.lengthByStaff.get(master.id) || service.durationSec : DEFAULT_LENGTH_SEC);
        slots.push({ staffId: master.id, staffName: master.name, startsAt, lengthSec });
      }
    }
    return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }

  private async bookTimes(staffId: string, day: string, serviceId: string | undefined): Promise<unknown[]> {
    try {
      const reply = await this.d.call({
        method: 'GET',
        path: `/book_times/${this.d.companyId}/${encodeURIComponent(staffId)}/${day}`,
        query: { 'service_ids[]': serviceId === undefined ? undefined : [serviceId] },
      });
      return listOf(reply.data);
    } catch (err) {
      if (err instanceof YclientsError && (err.code === 'not_found' || err.httpStatus === 422)) return [];
      throw err;
    }
  }

  // A slot given only as "17:30": the day's wall clock in the query's zone.
  private wallStart(query: FreeSlotsQuery, time: unknown): Date | null {
    if (typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time)) return null;
    const guess = new Date(`${query.day}T${time}:00Z`);
    if (Number.isNaN(guess.getTime())) return null;
    const offset = zoneOffsetMinutes(query.timeZone, guess) ?? 0;
    return new Date(guess.getTime() - offset * 60_000);
  }

  async clientRecords(phone: string, from: Date): Promise<CrmRecord[]> {
    const digits = normalisePhone(phone);
    if (!digits) return [];
    const clientIds = await this.clientIdsByPhone(digits);
    const offset = zoneOffsetMinutes(await this.d.zone(), from) ?? WESTMOST_OFFSET_MIN;
    const startDate = wallTime(from, offset).slice(0, 10);
    const records: CrmRecord[] = [];
    for (const clientId of clientIds) {
      // Bounded in case a server ignored `page` and repeated itself.
      for (let page = 1; page <= 100; page++) {
        const reply = await this.d.call({
          method: 'GET',
          path: `/records/${this.d.companyId}`,
          query: { client_id: clientId, start_date: startDate, count: RECORDS_PAGE_SIZE, page },
        });
        const rows = listOf(reply.data);
        for (const raw of rows) {
          const record = normaliseRecord(raw);
          if (!record.deleted && record.startsAt.getTime() >= from.getTime()) records.push(record);
        }
        if (rows.length < RECORDS_PAGE_SIZE) break;
      }
    }
    return records.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  }

  // quick_search matches parts of phones and names too: only the exact phone is kept.
  private async clientIdsByPhone(digits: string): Promise<string[]> {
    const reply = await this.d.call({
      method: 'POST',
      path: `/company/${this.d.companyId}/clients/search`,
      body: {
        page: 1,
        page_size: SEARCH_PAGE_SIZE,
        fields: ['id', 'phone'],
        order_by: 'id',
        order_by_direction: 'ASC',
        operation: 'AND',
        filters: [{ type: 'quick_search', state: { value: digits } }],
      },
    });
    return listOf(reply.data)
      .map(objectOf)
      .filter((c) => normalisePhone(c.phone) === digits)
      .map((c) => toId(c.id))
      .filter(present);
  }

  // seance_length is required: the services' lengths for this master, added up.
  async book(booking: CrmBooking): Promise<CrmRecord> {
    const services = await this.services();
    const lengthSec = booking.serviceIds.reduce((sum, id) => {
      const s = services.find((x) => x.id === id);
      return sum + (s ? s.lengthByStaff.get(booking.staffId) || s.durationSec : DEFAULT_LENGTH_SEC);
    }, 0);
    const body = {
      staff_id: Number(booking.staffId),
      services: booking.serviceIds.map((id) => ({ id: Number(id) })),
      client: { phone: normalisePhone(booking.client.phone) || booking.client.phone, name: booking.client.name },
      datetime: await this.datetime(booking.startsAt),
      seance_length: lengthSec || DEFAULT_LENGTH_SEC,
      save_if_busy: false,
      send_sms: false,
      comment: booking.comment ?? '',
    };
    const reply = await this.busyAware(() =>
      this.d.call({ method: 'POST', path: `/records/${this.d.companyId}`, body }),
    );
    return this.readBack(reply.data);
  }

  async moveRecord(recordId: string, startsAt: Date): Promise<CrmRecord> {
    const raw = await this.d.call({ method: 'GET', path: this.path.record(recordId) });
    if (!isObject(raw.data)) throw new YclientsError('not_found', `YCLIENTS record ${recordId} is missing`, 404, false);
    if (truthy(raw.data.deleted))
      throw new YclientsError('rejected', `YCLIENTS record ${recordId} is deleted`, undefined, false);
    const body = { ...recordBody(raw.data), datetime: await this.datetime(startsAt), save_if_busy: false };
    const reply = await this.busyAware(() => this.d.call({ method: 'PUT', path: this.path.record(recordId), body }));
    return this.readBack(reply.data);
  }

  private async busyAware(send: () => Promise<YclientsReply>): Promise<YclientsReply> {
    try {
      return await send();
    } catch (err) {
      if (isBusy(err)) throw new SlotTaken();
      throw err;
    }
  }

  // The write's answer is the record (Blueprint 201), sometimes without the client's id or the
  // staff's name: the record is read again, the answer kept if that read fails.
  private async readBack(data: unknown): Promise<CrmRecord> {
    const id = toId(objectOf(data).id);
    if (!id) throw new YclientsError('bad_response', 'YCLIENTS wrote a record without an id', undefined, false);
    // The record exists whatever this read does: failing here would make the caller book twice.
    const again = await this.d.call({ method: 'GET', path: this.path.record(id) }).catch(() => null);
    return normaliseRecord(isObject(again?.data) ? again.data : data);
  }

  // ISO 8601 with the company's offset at that instant (the Blueprint's `2015-12-12T12:00:00+04:00`).
  private async datetime(at: Date): Promise<string> {
    const offset = zoneOffsetMinutes(await this.d.zone(), at) ?? 0;
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    const mm = String(abs % 60).padStart(2, '0');
    return `${wallTime(at, offset)}${sign}${hh}:${mm}`;
  }
}
