import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookTimes, busyMessage, isFree, postRecord, recordMatches, type Answer } from './fake-yclients-booking.js';

// A local YCLIENTS for the driver's tests, built from the API Blueprint (mkosinov/yclientsapi,
// docs/yclients_official/yclientsru.apib): real HTTP on 127.0.0.1, the documented paths, headers,
// `{success, data, meta}` answers and entity shapes, in-memory companies. It can fail the next requests
// (429 with Retry-After, 5xx, a stall) and send the webhooks YCLIENTS would send after a change.
// It shares no code with the driver, so a misreading of the documentation is not made twice.

export const FAKE_PARTNER_TOKEN = 'partner-token-fake';
const ACCEPT = 'application/vnd.yclients.v2+json';

type Raw = Record<string, unknown>;

export interface FakeCompanyOptions {
  id: number;
  userToken: string;
  // As GET /company gives it.
  timezone: string;
  // The zone's offset. Zones without summer time (Moscow, Vladivostok) keep the fake this simple.
  offset: string;
  title?: string;
}

export type FakeReferenceKind =
  'services' | 'service_categories' | 'staff' | 'goods' | 'client_labels' | 'record_labels' | 'loyalty_card_types';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  json: unknown;
}

export interface FakeFailure {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  // Answer only after this long (for timeouts).
  delayMs?: number;
}

export interface WebhookEvent {
  company_id: number;
  resource: string;
  resource_id: number;
  status: 'create' | 'update' | 'delete';
  data: unknown;
}

interface Company extends FakeCompanyOptions {
  offsetMin: number;
  records: Map<number, Raw>;
  clients: Map<number, Raw>;
  reference: Record<FakeReferenceKind, Raw[]>;
  schedules: Map<number, Map<string, [string, string]>>;
}

export interface FakeYclients {
  // The API base, as YCLIENTS_API_URL would name it.
  baseUrl: string;
  partnerToken: string;
  requests: FakeRequest[];
  addCompany(options: FakeCompanyOptions): void;
  // A record written in the company's journal; `datetime` may omit the offset (the company's wall clock).
  createRecord(companyId: number, fields: Raw & { datetime: string }): Raw;
  updateRecord(companyId: number, recordId: number, patch: Raw): Raw;
  deleteRecord(companyId: number, recordId: number): Raw;
  record(companyId: number, recordId: number): Raw | undefined;
  putClient(companyId: number, client: Raw & { id: number }): void;
  setLoyaltyCards(clientId: number, cards: Raw[]): void;
  // Cards issued through POST /loyalty/cards (by phone), with their balances and manual transactions.
  issuedCards(phone?: string): Raw[];
  // The company's token loses the loyalty right: its loyalty calls answer 403.
  denyLoyalty(companyId: number): void;
  setReference(companyId: number, kind: FakeReferenceKind, items: Raw[]): void;
  // The master works these hours ('10:00', '20:00') on the company's day; null: a day off.
  setSchedule(companyId: number, staffId: number, day: string, hours: [string, string] | null): void;
  // The next `times` requests answer this instead of being served.
  failNext(times: number, failure?: FakeFailure): void;
  // The event YCLIENTS would send now about this entity.
  webhookEvent(
    companyId: number,
    resource: 'record' | 'client',
    id: number,
    status: WebhookEvent['status'],
  ): WebhookEvent;
  // POSTs a webhook body (one event, several, or anything else) as YCLIENTS would.
  sendWebhook(url: string, body: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m) throw new Error(`fake YCLIENTS: bad offset ${offset}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function wall(at: Date, offsetMin: number): string {
  return new Date(at.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
}

// The instant of a date-time; one without an offset is read on the company's clock.
function instant(value: string, company: Company): number {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return Number.NaN;
  const zone = m[3] ?? company.offset;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return Date.parse(`${m[1]}T${m[2]}${offset}`);
}

function ok(res: ServerResponse, status: number, data: unknown, meta: unknown = []): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: true, data, meta }));
}

function fail(res: ServerResponse, status: number, message: string, errors?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: false, data: null, meta: errors ? { message, errors } : { message } }));
}

const clone = <T>(value: T): T => structuredClone(value);

export async function startFakeYclients(
  options: { now?: () => Date; partnerToken?: string } = {},
): Promise<FakeYclients> {
  const now = options.now ?? (() => new Date());
  const partnerToken = options.partnerToken ?? FAKE_PARTNER_TOKEN;
  const companies = new Map<number, Company>();
  const loyaltyCards = new Map<number, Raw[]>();
  const issued: Raw[] = [];
  const loyaltyDenied = new Set<number>();
  let nextCardId = 9_250_000;
  let nextTransactionId = 500;
  const failures: FakeFailure[] = [];
  const requests: FakeRequest[] = [];
  let nextRecordId = 1000;
  let nextClientId = 50_000;

  const company = (id: number): Company => {
    const c = companies.get(id);
    if (!c) throw new Error(`fake YCLIENTS: no company ${id}`);
    return c;
  };
  // Dates as the Blueprint's examples write them.
  const stamp = (c: Company) => `${wall(now(), c.offsetMin)}${c.offset.replace(':', '')}`;
  const withOffset = (value: string, c: Company) =>
    /([+-]\d{2}:?\d{2}|Z)$/.test(value) ? value : `${value.slice(0, 19)}${c.offset}`;

  function createRecord(companyId: number, fields: Raw & { datetime: string }): Raw {
    const c = company(companyId);
    const id = typeof fields.id === 'number' ? fields.id : nextRecordId++;
    const datetime = withOffset(fields.datetime, c);
    const staff = (fields.staff as Raw | undefined) ?? { id: 9, name: 'Оксана', specialization: 'мастер' };
    const record: Raw = {
      id,
      company_id: companyId,
      staff_id: staff.id,
      services: [],
      goods_transactions: [],
      client: null,
      clients_count: 1,
      comment: '',
      online: false,
      visit_attendance: 0,
      attendance: 0,
      confirmed: 1,
      seance_length: 3600,
      length: 3600,
      sms_before: 0,
      api_id: '',
      visit_id: id * 10,
      deleted: false,
      paid_full: 0,
      prepaid: false,
      custom_color: '',
      record_labels: [],
      activity_id: 0,
      custom_fields: {},
      documents: [],
      ...fields,
      staff,
      datetime,
      date: datetime.slice(0, 19).replace('T', ' '),
      create_date: stamp(c),
      last_change_date: stamp(c),
    };
    c.records.set(id, record);
    return clone(record);
  }

  function updateRecord(companyId: number, recordId: number, patch: Raw): Raw {
    const c = company(companyId);
    const record = c.records.get(recordId);
    if (!record) throw new Error(`fake YCLIENTS: no record ${recordId}`);
    Object.assign(record, patch);
    if (typeof patch.datetime === 'string') {
      record.datetime = withOffset(patch.datetime, c);
      record.date = (record.datetime as string).slice(0, 19).replace('T', ' ');
    }
    if (typeof patch.attendance === 'number') record.visit_attendance = patch.attendance;
    if (typeof patch.seance_length === 'number') record.length = patch.seance_length;
    record.last_change_date = stamp(c);
    return clone(record);
  }

  function deleteRecord(companyId: number, recordId: number): Raw {
    return updateRecord(companyId, recordId, { deleted: true });
  }

  // PUT /record: the Blueprint's required attributes, then the fields a journal edit changes.
  const REQUIRED_PUT = ['staff_id', 'services', 'client', 'datetime', 'seance_length', 'save_if_busy', 'send_sms'];
  function putRecord(c: Company, record: Raw, body: Raw, res: ServerResponse): void {
    const missing = REQUIRED_PUT.filter((k) => body[k] === undefined);
    if (missing.length > 0) {
      fail(res, 422, 'Ошибка валидации', Object.fromEntries(missing.map((k) => [k, ['Обязательное поле']])));
      return;
    }
    const start = instant(String(body.datetime), c);
    const staffId = Number(body.staff_id);
    if (body.save_if_busy === false && !isFree(c, staffId, start, Number(body.seance_length), Number(record.id))) {
      return fail(res, 422, busyMessage(c, staffId, String(body.datetime)));
    }
    const oldServices = new Map((record.services as Raw[]).map((s) => [Number(s.id), s]));
    const labels = new Map(c.reference.record_labels.map((l) => [String(l.id), l]));
    const patch: Raw = {
      staff_id: body.staff_id,
      services: (body.services as Raw[]).map((s) => ({ ...oldServices.get(Number(s.id)), ...s })),
      client: record.client ? { ...(record.client as Raw), ...(body.client as Raw) } : body.client,
      datetime: body.datetime,
      seance_length: body.seance_length,
      comment: body.comment ?? '',
    };
    if (body.attendance !== undefined) patch.attendance = body.attendance;
    if (body.api_id !== undefined) patch.api_id = body.api_id;
    if (body.custom_color !== undefined) patch.custom_color = body.custom_color;
    if (body.custom_fields !== undefined) patch.custom_fields = body.custom_fields;
    patch.record_labels = Array.isArray(body.record_labels)
      ? body.record_labels.map((id) => labels.get(String(id)) ?? { id: String(id), title: '' })
      : [];
    ok(res, 201, updateRecord(c.id, Number(record.id), patch));
  }

  function listRecords(c: Company, query: URLSearchParams, res: ServerResponse): void {
    const page = Number(query.get('page') ?? 1);
    const count = Number(query.get('count') ?? 50);
    // The Blueprint's maximum page size.
    if (!(count >= 1 && count <= 300) || !(page >= 1)) {
      fail(res, 400, 'Недопустимое значение параметра count');
      return;
    }
    const after = query.get('changed_after');
    const before = query.get('changed_before');
    const afterMs = after ? instant(after, c) : Number.NEGATIVE_INFINITY;
    const beforeMs = before ? instant(before, c) : Number.POSITIVE_INFINITY;
    if (Number.isNaN(afterMs) || Number.isNaN(beforeMs)) {
      fail(res, 400, 'Недопустимый формат даты');
      return;
    }
    const withDeleted = query.get('with_deleted') === '1';
    const matching = [...c.records.values()]
      .filter((r) => withDeleted || r.deleted !== true)
      .filter((r) => recordMatches(c, r, query))
      .filter((r) => {
        const changed = instant(String(r.last_change_date), c);
        return changed >= afterMs && changed <= beforeMs;
      })
      .sort((a, b) => Number(a.id) - Number(b.id));
    ok(res, 200, matching.slice((page - 1) * count, page * count).map(clone), { page, total_count: matching.length });
  }

  // POST /company/{id}/clients/search (FullClientSearchRequest). Filters are read as the Blueprint
  // describes them; a type or state key it does not describe is refused with its documented 400, so
  // a driver that invents a filter fails here instead of silently matching everyone. Read by this
  // fake (unverified against the real service): `birthday` compares the day and month of birth;
  // `record.created` is the booking's day; certificates and abonements are not kept (no client has one).
  const SEARCH_KEYS: Record<string, readonly string[]> = {
    id: ['value', 'invert'],
    quick_search: ['value', 'invert'],
    gender: ['value', 'invert'],
    importance: ['value', 'invert'],
    category: ['value', 'invert'],
    birthday: ['from', 'to', 'invert'],
    sold_amount: ['from', 'to'],
    record: ['staff', 'service', 'service_category', 'status', 'created', 'records_count', 'sold_amount', 'invert'],
    sale: [
      'goods',
      'good_sale_date',
      'abonement_types',
      'abonement_sale_date',
      'abonement_expire_date',
      'abonement_status',
      'certificate_types',
      'certificate_sale_date',
      'certificate_expire_date',
      'certificate_balance',
      'certificate_status',
    ],
  };
  const STATUS_OF_ATTENDANCE: Record<string, number> = { '-1': 1, '0': 2, '1': 3, '2': 4 };

  function searchClients(c: Company, body: Raw, res: ServerResponse): void {
    const invalid = () =>
      fail(res, 400, 'Недопустимое значение фильтра', { filters: ['Недопустимое значение состояния фильтра'] });
    const page = Number(body.page ?? 1);
    const pageSize = Number(body.page_size ?? 25);
    if (!(pageSize >= 1 && pageSize <= 200) || !(page >= 1)) return invalid();
    const filters = body.filters ?? [];
    if (!Array.isArray(filters)) return invalid();
    for (const f of filters as Raw[]) {
      const keys = SEARCH_KEYS[String(f?.type)];
      const state = f?.state as Raw | undefined;
      if (!keys || typeof state !== 'object' || state === null || Object.keys(state).some((k) => !keys.includes(k))) {
        return invalid();
      }
    }
    const records = [...c.records.values()].filter((r) => r.deleted !== true);
    const recordsOf = (clientId: number) => records.filter((r) => Number((r.client as Raw | null)?.id) === clientId);
    const day = (r: Raw) => String(r.datetime).slice(0, 10);
    const within = (value: number | string, range: unknown) => {
      const { from, to } = (range ?? {}) as { from?: number | string; to?: number | string };
      return (from === undefined || value >= from) && (to === undefined || value <= to);
    };
    const has = (list: unknown, value: unknown) =>
      ((list as Raw | undefined)?.value as unknown[]).map(Number).includes(Number(value));
    const categoryOf = (serviceId: unknown) =>
      c.reference.services.find((s) => Number(s.id) === Number(serviceId))?.category_id ?? null;
    const sum = (items: Raw[]) => items.reduce((total, s) => total + Number(s.cost ?? 0) * Number(s.amount ?? 1), 0);

    const test = (client: Raw, f: Raw): boolean => {
      const state = f.state as Raw;
      const id = Number(client.id);
      let matched: boolean;
      switch (f.type) {
        case 'id':
          matched = has(state, id);
          break;
        case 'gender':
          matched = has(state, client.sex_id ?? 0);
          break;
        case 'category':
          matched = ((client.categories as Raw[]) ?? []).some((cat) => has(state, cat.id ?? cat));
          break;
        case 'birthday': {
          const birth = String(client.birth_date ?? '');
          if (!/^\d{4}-\d{2}-\d{2}$/.test(birth)) {
            matched = false;
            break;
          }
          const md = birth.slice(5);
          const from = String(state.from ?? '0000-01-01').slice(5);
          const to = String(state.to ?? '9999-12-31').slice(5);
          matched = from <= to ? md >= from && md <= to : md >= from || md <= to;
          break;
        }
        case 'sold_amount':
          matched = within(sum(recordsOf(id).flatMap((r) => r.services as Raw[])), state);
          break;
        case 'record': {
          const chosen = recordsOf(id).filter((r) => {
            const services = r.services as Raw[];
            if (state.staff && !has(state.staff, r.staff_id)) return false;
            if (state.service && !services.some((s) => has(state.service, s.id))) return false;
            if (state.service_category && !services.some((s) => has(state.service_category, categoryOf(s.id))))
              return false;
            if (state.status && !has(state.status, STATUS_OF_ATTENDANCE[String(r.attendance)])) return false;
            if (state.created && !within(day(r), state.created)) return false;
            return true;
          });
          matched =
            chosen.length > 0 &&
            within(chosen.length, state.records_count) &&
            within(sum(chosen.flatMap((r) => r.services as Raw[])), state.sold_amount);
          break;
        }
        case 'sale': {
          if (Object.keys(state).some((k) => k.startsWith('abonement_') || k.startsWith('certificate_'))) {
            matched = false;
            break;
          }
          const goods = (state.goods as Raw | undefined)?.good_ids as unknown[] | undefined;
          matched = recordsOf(id).some((r) =>
            (r.goods_transactions as Raw[]).some(
              (t) =>
                (!goods || goods.map(Number).includes(Number(t.good_id ?? (t.good as Raw | undefined)?.id))) &&
                (!state.good_sale_date || within(day(r), state.good_sale_date)),
            ),
          );
          break;
        }
        // Name or phone (the Blueprint: phone, extra phone, name, card).
        default: {
          const value = String(state.value);
          const digits = value.replace(/\D/g, '');
          matched =
            String(client.name).includes(value) ||
            (digits !== '' &&
              String(client.phone ?? '')
                .replace(/\D/g, '')
                .includes(digits));
        }
      }
      return state.invert === true ? !matched : matched;
    };

    const or = body.operation === 'OR';
    const matching = [...c.clients.values()]
      .filter((client) =>
        filters.length === 0
          ? true
          : or
            ? (filters as Raw[]).some((f) => test(client, f))
            : (filters as Raw[]).every((f) => test(client, f)),
      )
      .sort((a, b) => Number(a.id) - Number(b.id));
    const fields = Array.isArray(body.fields) ? (body.fields as string[]) : ['id'];
    const lastVisit = (id: number) =>
      recordsOf(id)
        .filter((r) => r.attendance === 1)
        .map((r) => String(r.datetime))
        .sort()
        .at(-1) ?? null;
    const row = (client: Raw): Raw => {
      const full: Raw = {
        id: client.id,
        name: client.name,
        phone: client.phone,
        email: client.email ?? '',
        visits_count: client.visits ?? 0,
        last_visit_date: lastVisit(Number(client.id)),
        sold_amount: sum(recordsOf(Number(client.id)).flatMap((r) => r.services as Raw[])),
      };
      return Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f]]));
    };
    ok(res, 200, matching.slice((page - 1) * pageSize, page * pageSize).map(row), { total_count: matching.length });
  }

  function serve(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    res: ServerResponse,
    userToken: string | undefined,
  ): void {
    const route = (pattern: RegExp) => pattern.exec(path);
    // The company, when the caller's user token is the one issued for it.
    const owned = (id: string): Company | undefined => {
      const c = companies.get(Number(id));
      if (!c) {
        fail(res, 404, 'Филиал не найден.');
        return undefined;
      }
      if (userToken !== c.userToken) {
        fail(res, 401, 'Необходима авторизация пользователя');
        return undefined;
      }
      return c;
    };
    let m: RegExpExecArray | null;

    if (method === 'GET' && (m = route(/^\/company\/(\d+)\/?$/))) {
      const c = companies.get(Number(m[1]));
      if (!c) return fail(res, 404, 'Филиал не найден.');
      return ok(res, 200, { id: c.id, title: c.title ?? 'Салон', country: 'Россия', timezone: c.timezone });
    }
    if ((m = route(/^\/record\/(\d+)\/(\d+)$/))) {
      const c = owned(m[1]!);
      if (!c) return;
      const record = c.records.get(Number(m[2]));
      // A deleted record is gone for GET /record; /records still lists it with with_deleted.
      if (!record || record.deleted === true) return fail(res, 404, 'Запись не найдена');
      if (method === 'GET') return ok(res, 200, clone(record));
      if (method === 'PUT') return putRecord(c, record, (body ?? {}) as Raw, res);
      if (method === 'DELETE') {
        deleteRecord(c.id, Number(record.id));
        res.writeHead(204);
        return void res.end();
      }
    }
    if (method === 'GET' && (m = route(/^\/records\/(\d+)$/))) {
      const c = owned(m[1]!);
      return c ? listRecords(c, query, res) : undefined;
    }
    const answer = (a: Answer) => ('error' in a ? fail(res, a.status, a.error, a.errors) : ok(res, a.status, a.data));
    if (method === 'GET' && (m = route(/^\/book_times\/(\d+)\/(\d+)\/(\d{4}-\d{2}-\d{2})$/))) {
      const c = owned(m[1]!);
      return c ? answer(bookTimes(c, Number(m[2]), m[3]!, query, now().getTime())) : undefined;
    }
    if (method === 'POST' && (m = route(/^\/records\/(\d+)$/))) {
      const c = owned(m[1]!);
      if (!c) return;
      const create = (fields: Raw & { datetime: string }) => createRecord(c.id, fields);
      return answer(postRecord(c, (body ?? {}) as Raw, () => nextClientId++, create));
    }
    if (method === 'POST' && (m = route(/^\/company\/(\d+)\/clients\/search$/))) {
      const c = owned(m[1]!);
      return c ? searchClients(c, (body ?? {}) as Raw, res) : undefined;
    }
    if (method === 'GET' && (m = route(/^\/client\/(\d+)\/(\d+)$/))) {
      const c = owned(m[1]!);
      if (!c) return;
      const client = c.clients.get(Number(m[2]));
      return client ? ok(res, 200, clone(client)) : fail(res, 404, 'Клиент не найден');
    }
    if (method === 'GET' && (m = route(/^\/loyalty\/client_cards\/(\d+)$/))) {
      if (![...companies.values()].some((c) => c.userToken === userToken))
        return fail(res, 401, 'Необходима авторизация');
      return ok(res, 200, clone(loyaltyCards.get(Number(m[1])) ?? []));
    }
    // Loyalty cards (Blueprint "Карты лояльности"). The manual transaction is read from SDK docs
    // (unverified): POST /company/{id}/loyalty/cards/{card_id}/manual_transaction {amount, title}.
    const loyal = (id: string): Company | undefined => {
      const c = owned(id);
      if (c && loyaltyDenied.has(c.id)) {
        fail(res, 403, 'Нет прав на управление лояльностью');
        return undefined;
      }
      return c;
    };
    if (method === 'GET' && (m = route(/^\/loyalty\/cards\/(\d+)\/(\d+)\/(\d+)$/))) {
      const c = loyal(m[3]!);
      if (!c) return;
      const [phone, group] = [m[1]!, Number(m[2])];
      return ok(res, 200, clone(issued.filter((card) => card.phone === phone && card.salon_group_id === group)));
    }
    if (method === 'POST' && (m = route(/^\/loyalty\/cards\/(\d+)$/))) {
      const c = loyal(m[1]!);
      if (!c) return;
      const b = (body ?? {}) as Raw;
      const missing = ['loyalty_card_number', 'loyalty_card_type_id', 'phone'].filter((k) => b[k] === undefined);
      if (missing.length > 0) {
        return fail(res, 422, 'Ошибка валидации', Object.fromEntries(missing.map((k) => [k, ['Обязательное поле']])));
      }
      const type = c.reference.loyalty_card_types.find((t) => Number(t.id) === Number(b.loyalty_card_type_id));
      if (!type) return fail(res, 422, 'Тип карты не найден');
      const phone = String(b.phone).replace(/\D/g, '');
      if (issued.some((card) => card.phone === phone && card.type_id === Number(type.id))) {
        return fail(res, 422, 'У клиента уже есть карта этого типа');
      }
      const card: Raw = {
        id: nextCardId++,
        balance: 0,
        points: 0,
        paid_amount: 0,
        sold_amount: 0,
        visits_count: 0,
        number: String(b.loyalty_card_number),
        type_id: Number(type.id),
        salon_group_id: Number(type.salon_group_id),
        type: { id: Number(type.id), title: type.title, salon_group_id: Number(type.salon_group_id) },
        salon_group: { id: Number(type.salon_group_id), title: 'Сеть' },
        programs: [],
        phone,
        transactions: [],
      };
      issued.push(card);
      return ok(res, 200, clone(card));
    }
    if (method === 'POST' && (m = route(/^\/company\/(\d+)\/loyalty\/cards\/(\d+)\/manual_transaction$/))) {
      const c = loyal(m[1]!);
      if (!c) return;
      const card = issued.find((x) => x.id === Number(m![2]));
      if (!card) return fail(res, 404, 'Карта не найдена');
      const b = (body ?? {}) as Raw;
      if (typeof b.amount !== 'number' || !Number.isFinite(b.amount)) {
        return fail(res, 422, 'Ошибка валидации', { amount: ['Обязательное поле'] });
      }
      const transaction = { id: nextTransactionId++, amount: b.amount, title: String(b.title ?? ''), card_id: card.id };
      card.balance = Number(card.balance) + b.amount;
      (card.transactions as Raw[]).push(transaction);
      return ok(res, 201, clone(transaction));
    }
    const lists: [RegExp, FakeReferenceKind][] = [
      [/^\/company\/(\d+)\/services\/?$/, 'services'],
      [/^\/company\/(\d+)\/service_categories\/?$/, 'service_categories'],
      [/^\/company\/(\d+)\/staff\/?$/, 'staff'],
      [/^\/labels\/(\d+)\/1$/, 'client_labels'],
      [/^\/labels\/(\d+)\/2$/, 'record_labels'],
      [/^\/loyalty\/card_types\/salon\/(\d+)$/, 'loyalty_card_types'],
    ];
    for (const [pattern, kind] of lists) {
      if (method === 'GET' && (m = route(pattern))) {
        const c = kind === 'loyalty_card_types' ? loyal(m[1]!) : owned(m[1]!);
        if (!c) return;
        return ok(res, 200, clone(c.reference[kind]), { total_count: c.reference[kind].length });
      }
    }
    if (method === 'GET' && (m = route(/^\/goods\/(\d+)$/))) {
      const c = owned(m[1]!);
      if (!c) return;
      const page = Number(query.get('page') ?? 1);
      const count = Number(query.get('count') ?? 25);
      return ok(res, 200, clone(c.reference.goods.slice((page - 1) * count, page * count)));
    }
    fail(res, 404, 'Не найдено');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const path = url.pathname.replace(/^\/api\/v1/, '');
      requests.push({ method: req.method ?? '', path, query: url.searchParams, headers: req.headers, json });

      const failure = failures.shift();
      if (failure) {
        const answer = () => {
          // The client may have given up (a timeout test) and closed the connection.
          if (!res.socket || res.socket.destroyed) return;
          res.writeHead(failure.status, { 'content-type': 'application/json; charset=utf-8', ...failure.headers });
          res.end(JSON.stringify(failure.body ?? { success: false, data: null, meta: { message: 'fake failure' } }));
        };
        if (failure.delayMs) setTimeout(answer, failure.delayMs);
        else answer();
        return;
      }
      if (!(req.headers.accept ?? '').includes(ACCEPT)) return fail(res, 401, 'Неверный формат заголовка Accept');
      const auth = /^Bearer\s+([^,\s]+)(?:,\s*User\s+(\S+))?$/.exec(req.headers.authorization ?? '');
      if (!auth || auth[1] !== partnerToken) return fail(res, 401, 'Partner authentication error');
      serve(req.method ?? 'GET', path, url.searchParams, json, res, auth[2]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    partnerToken,
    requests,
    addCompany(o) {
      loyaltyDenied.delete(o.id);
      companies.set(o.id, {
        ...o,
        offsetMin: offsetMinutes(o.offset),
        records: new Map(),
        clients: new Map(),
        reference: {
          services: [],
          service_categories: [],
          staff: [],
          goods: [],
          client_labels: [],
          record_labels: [],
          loyalty_card_types: [],
        },
        schedules: new Map(),
      });
    },
    createRecord,
    updateRecord,
    deleteRecord,
    record: (companyId, recordId) => {
      const r = company(companyId).records.get(recordId);
      return r ? clone(r) : undefined;
    },
    putClient(companyId, client) {
      const c = company(companyId);
      c.clients.set(client.id, { categories: [], sex_id: 0, visits: 0, last_change_date: stamp(c), ...client });
    },
    setLoyaltyCards: (clientId, cards) => void loyaltyCards.set(clientId, cards),
    issuedCards: (phone) => clone(issued.filter((card) => phone === undefined || card.phone === phone)),
    denyLoyalty: (companyId) => void loyaltyDenied.add(companyId),
    setReference(companyId, kind, items) {
      company(companyId).reference[kind] = items;
    },
    setSchedule(companyId, staffId, day, hours) {
      const c = company(companyId);
      const days = c.schedules.get(staffId) ?? new Map<string, [string, string]>();
      if (hours) days.set(day, hours);
      else days.delete(day);
      c.schedules.set(staffId, days);
    },
    failNext(times, failure = { status: 429, headers: { 'retry-after': '1' } }) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    webhookEvent(companyId, resource, id, status) {
      const c = company(companyId);
      const entity = resource === 'record' ? c.records.get(id) : c.clients.get(id);
      return { company_id: companyId, resource, resource_id: id, status, data: clone(entity ?? {}) };
    },
    async sendWebhook(url, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, json };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
