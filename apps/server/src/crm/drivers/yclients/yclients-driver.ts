import type {
  CrmBranch,
  CrmClient,
  CrmClientMatch,
  CrmDriver,
  CrmRecord,
  LoyaltyTransaction,
  ReferenceItem,
  ReferenceKind,
} from '../../crm.js';
import { SEARCH_FIELDS, SEARCH_PAGE_SIZE, searchedClient, searchRuns } from './client-search.js';
import {
  cardsBalance,
  isObject,
  toId,
  normaliseClient,
  normaliseRecord,
  normaliseReference,
  toNumber,
  wallTime,
  zoneOffsetMinutes,
} from './normalise.js';
import { YclientsBooking } from './yclients-booking.js';
import { recordBody } from './record-body.js';
import { systemTimer } from './token-bucket.js';
import { YclientsClient, YclientsError, type YclientsClientOptions, type YclientsRequest } from './yclients-client.js';

export interface YclientsDriverOptions extends YclientsClientOptions {
  // Records per page of GET /records (YCLIENTS allows at most 300).
  pageSize?: number;
  // How long a company's time zone is remembered.
  zoneTtlMs?: number;
}

const MAX_PAGE_SIZE = 300;
// The widest offsets in use (UTC-12, UTC+14): bounds for a company whose zone cannot be read.
const WESTMOST_OFFSET_MIN = -12 * 60;
const EASTMOST_OFFSET_MIN = 14 * 60;

// Where each reference list lives. Labels: entity 1 are client categories, 2 record categories.
const REFERENCE_PATHS: Record<Exclude<ReferenceKind, 'goods'>, (companyId: string) => string> = {
  services: (c) => `/company/${c}/services`,
  categories: (c) => `/company/${c}/service_categories`,
  staff: (c) => `/company/${c}/staff`,
  client_category: (c) => `/labels/${c}/1`,
  record_labels: (c) => `/labels/${c}/2`,
  loyalty_card_types: (c) => `/loyalty/card_types/salon/${c}`,
};

interface Connected {
  companyId: string;
  userToken: string;
}

// The CRM port over the YCLIENTS REST API. Stateless apart from the HTTP client (its rate limiter is
// shared by every branch) and a cache of company time zones.
export function yclientsDriver(options: YclientsDriverOptions): CrmDriver {
  const client = new YclientsClient(options);
  const timer = options.timer ?? systemTimer;
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, options.pageSize ?? MAX_PAGE_SIZE));
  const zoneTtlMs = options.zoneTtlMs ?? 24 * 3_600_000;
  const zones = new Map<string, { zone: unknown; until: number }>();

  const connected = (branch: CrmBranch): Connected => {
    if (!branch.companyId || !branch.userToken) {
      throw new YclientsError(
        'not_connected',
        `branch ${branch.accId} has no YCLIENTS company or user token`,
        undefined,
        false,
      );
    }
    return { companyId: String(branch.companyId), userToken: branch.userToken };
  };

  const call = (c: Connected, request: Omit<YclientsRequest, 'userToken'>) =>
    client.request({ ...request, userToken: c.userToken });

  // The entity, or null when YCLIENTS answers 404.
  const find = async (c: Connected, path: string): Promise<unknown> => {
    try {
      return (await call(c, { method: 'GET', path })).data;
    } catch (err) {
      if (err instanceof YclientsError && err.code === 'not_found') return null;
      throw err;
    }
  };

  const rawRecord = (c: Connected, recordId: string) =>
    find(c, `/record/${c.companyId}/${encodeURIComponent(recordId)}`);

  // GET /company/{id} → `timezone` ("Europe/Moscow"; some answers give hours instead).
  const companyZone = async (c: Connected): Promise<unknown> => {
    const cached = zones.get(c.companyId);
    if (cached && cached.until > timer.now()) return cached.zone;
    const company = objectOf((await call(c, { method: 'GET', path: `/company/${c.companyId}` })).data);
    const zone = company.timezone_name ?? company.timezone;
    zones.set(c.companyId, { zone, until: timer.now() + zoneTtlMs });
    return zone;
  };

  // The loyalty cards' balance; 0 where the company has no loyalty programme or the token no right
  // to see it, which must not stop the client itself from being read.
  const bonusBalance = async (c: Connected, clientId: string): Promise<number> => {
    try {
      const reply = await call(c, { method: 'GET', path: `/loyalty/client_cards/${encodeURIComponent(clientId)}` });
      return cardsBalance(reply.data);
    } catch (err) {
      if (err instanceof YclientsError && [402, 403, 404].includes(err.httpStatus ?? 0)) return 0;
      throw err;
    }
  };

  const booking = (branch: CrmBranch): YclientsBooking => {
    const c = connected(branch);
    return new YclientsBooking({
      call: (request) => call(c, request),
      companyId: c.companyId,
      zone: () => companyZone(c),
    });
  };

  return {
    kind: 'yclients',

    catalogue: (branch) => booking(branch).catalogue(),
    freeSlots: (branch, query) => booking(branch).freeSlots(query),
    clientRecords: (branch, phone, from) => booking(branch).clientRecords(phone, from),
    book: (branch, input) => booking(branch).book(input),
    moveRecord: (branch, recordId, startsAt) => booking(branch).moveRecord(recordId, startsAt),

    async record(branch, recordId) {
      const data = await rawRecord(connected(branch), recordId);
      return data ? normaliseRecord(data) : null;
    },

    async client(branch, clientId): Promise<CrmClient | null> {
      const c = connected(branch);
      const data = await find(c, `/client/${c.companyId}/${encodeURIComponent(clientId)}`);
      if (!data) return null;
      return normaliseClient(data, await bonusBalance(c, clientId));
    },

    // GET /records?changed_after&changed_before takes the company's wall clock without an offset
    // (`2016-02-23T12:00:00`). Deleted records are asked for too (with_deleted), so a delete whose
    // webhook was lost is found. Nothing is filtered here: reading a change twice is harmless.
    async *recordsChangedAfter(branch, since, until): AsyncIterable<CrmRecord> {
      const c = connected(branch);
      const zone = await companyZone(c);
      const afterOffset = zoneOffsetMinutes(zone, since) ?? WESTMOST_OFFSET_MIN;
      const beforeOffset = zoneOffsetMinutes(zone, until) ?? EASTMOST_OFFSET_MIN;
      const query = {
        changed_after: wallTime(since, afterOffset),
        changed_before: wallTime(new Date(until.getTime() + 999), beforeOffset),
        with_deleted: 1,
        count: pageSize,
      };
      let seen = 0;
      // Bounded in case a server ignored `page` and repeated itself.
      for (let page = 1; page <= 10_000; page++) {
        const reply = await call(c, { method: 'GET', path: `/records/${c.companyId}`, query: { ...query, page } });
        const records = Array.isArray(reply.data) ? reply.data : [];
        for (const raw of records) yield normaliseRecord(raw);
        seen += records.length;
        const total = toNumber(objectOf(reply.meta).total_count);
        if (records.length < pageSize || (total !== undefined && seen >= total)) return;
      }
    },

    // PUT /record with the full record body (the Blueprint marks staff_id, services, client,
    // datetime, seance_length, save_if_busy and send_sms required), copied from a fresh read, with
    // attendance 2. A record already confirmed or attended is left alone.
    async confirmRecord(branch, recordId) {
      const c = connected(branch);
      const raw = await rawRecord(c, recordId);
      if (!isObject(raw))
        throw new YclientsError('not_found', `YCLIENTS record ${recordId} does not exist`, 404, false);
      const current = normaliseRecord(raw);
      if (current.deleted)
        throw new YclientsError('rejected', `YCLIENTS record ${recordId} is deleted`, undefined, false);
      if (current.attendance === 1 || current.attendance === 2) return;
      await call(c, {
        method: 'PUT',
        path: `/record/${c.companyId}/${encodeURIComponent(recordId)}`,
        body: { ...recordBody(raw), attendance: 2 },
      });
    },

    // DELETE /record; one that is already gone counts as cancelled.
    async cancelRecord(branch, recordId) {
      const c = connected(branch);
      try {
        await call(c, { method: 'DELETE', path: `/record/${c.companyId}/${encodeURIComponent(recordId)}` });
      } catch (err) {
        if (err instanceof YclientsError && err.code === 'not_found') return;
        throw err;
      }
    },

    // POST /company/{id}/clients/search, page by page, each run of the search in turn; a client that
    // two runs of an OR both find is given once.
    async *searchClients(branch, search): AsyncIterable<CrmClientMatch> {
      const c = connected(branch);
      const runs = searchRuns(search);
      const offset = zoneOffsetMinutes(await companyZone(c), new Date(timer.now()));
      const seen = new Set<string>();
      for (const run of runs) {
        let read = 0;
        // Bounded in case a server ignored `page` and repeated itself.
        for (let page = 1; page <= 10_000; page++) {
          const reply = await call(c, {
            method: 'POST',
            path: `/company/${c.companyId}/clients/search`,
            body: {
              page,
              page_size: SEARCH_PAGE_SIZE,
              fields: SEARCH_FIELDS,
              order_by: 'id',
              order_by_direction: 'ASC',
              operation: run.operation,
              filters: run.filters,
            },
          });
          const rows = Array.isArray(reply.data) ? reply.data : [];
          for (const raw of rows) {
            const match = searchedClient(raw, offset);
            if (!match || seen.has(match.client.id)) continue;
            seen.add(match.client.id);
            yield match;
          }
          read += rows.length;
          const total = toNumber(objectOf(reply.meta).total_count);
          if (rows.length < SEARCH_PAGE_SIZE || (total !== undefined && read >= total)) break;
        }
      }
    },

    // The card types list answers only a token with the loyalty right (401/403 otherwise).
    async loyaltyPermission(branch) {
      const c = connected(branch);
      try {
        await call(c, { method: 'GET', path: REFERENCE_PATHS.loyalty_card_types(c.companyId) });
        return true;
      } catch (err) {
        if (err instanceof YclientsError && (err.httpStatus === 401 || err.httpStatus === 403)) return false;
        throw err;
      }
    },

    async loyaltyTransaction(branch, t) {
      const c = connected(branch);
      const cardId = await loyaltyCard(c, t);
      const reply = await call(c, {
        method: 'POST',
        path: `/company/${c.companyId}/loyalty/cards/${encodeURIComponent(cardId)}/manual_transaction`,
        body: { amount: t.amount, title: t.title },
      });
      const id = toId(objectOf(reply.data).id);
      return { reference: id ? `yclients:transaction:${id}` : `yclients:card:${cardId}` };
    },

    async reference(branch, kind): Promise<ReferenceItem[]> {
      const c = connected(branch);
      if (kind === 'goods') return goods(c);
      const reply = await call(c, { method: 'GET', path: REFERENCE_PATHS[kind](c.companyId) });
      return normaliseReference(kind, reply.data);
    },
  };

  // The client's card of the card type: GET /loyalty/cards/{phone}/{group_id}/{company_id} (one card
  // or a list), else a new one: POST /loyalty/cards/{company_id}. The network (group) id comes from
  // the card type when the action does not carry it.
  async function loyaltyCard(c: Connected, t: LoyaltyTransaction): Promise<string> {
    const groupId = t.salonGroupId ?? (await cardTypeGroup(c, t.cardTypeId));
    const data = await find(
      c,
      `/loyalty/cards/${encodeURIComponent(t.phone)}/${encodeURIComponent(groupId)}/${c.companyId}`,
    );
    const cards = Array.isArray(data) ? data : isObject(data) ? [data] : [];
    for (const card of cards) {
      const raw = objectOf(card);
      const typeId = toId(raw.type_id) ?? toId(objectOf(raw.type).id);
      const id = toId(raw.id);
      if (id && typeId === t.cardTypeId) return id;
    }
    const issued = await call(c, {
      method: 'POST',
      path: `/loyalty/cards/${c.companyId}`,
      // The number is required; type id + phone is unique for the client's card of this type.
      body: {
        loyalty_card_number: `${t.cardTypeId}${t.phone.slice(-10)}`,
        loyalty_card_type_id: Number(t.cardTypeId),
        phone: Number(t.phone),
      },
    });
    const id = toId(objectOf(issued.data).id);
    if (!id)
      throw new YclientsError('bad_response', 'YCLIENTS issued a loyalty card without an id', issued.status, false);
    return id;
  }

  async function cardTypeGroup(c: Connected, cardTypeId: string): Promise<string> {
    const reply = await call(c, { method: 'GET', path: REFERENCE_PATHS.loyalty_card_types(c.companyId) });
    const types = Array.isArray(reply.data) ? reply.data : [];
    const type = types.map(objectOf).find((ct) => toId(ct.id) === cardTypeId);
    const group = type ? (toId(type.salon_group_id) ?? toId(objectOf(type.salon_group).id)) : null;
    if (!group)
      throw new YclientsError('rejected', `YCLIENTS has no loyalty card type ${cardTypeId}`, undefined, false);
    return group;
  }

  // GET /goods/{company_id}?page&count: pages until a short one (its meta carries no total).
  async function goods(c: Connected): Promise<ReferenceItem[]> {
    const count = 100;
    const items: ReferenceItem[] = [];
    for (let page = 1; page <= 1000; page++) {
      const reply = await call(c, { method: 'GET', path: `/goods/${c.companyId}`, query: { page, count } });
      const entries = Array.isArray(reply.data) ? reply.data : [];
      items.push(...normaliseReference('goods', entries));
      if (entries.length < count) break;
    }
    return items;
  }
}

function objectOf(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
