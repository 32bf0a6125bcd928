import type {
  CertificateFilter,
  SaleCondition,
  SegmentDateRange,
  SegmentNumberRange,
  SubscriptionFilter,
} from '@salon/contract/mailing-segments';
import { UnsupportedCrmFilter, type CrmClientMatch, type CrmClientSearch, type CrmSearchCondition } from '../../crm.js';
import { isObject, normalisePhone, parseYclientsDate, toId, toNumber } from './normalise.js';

// POST /company/{company_id}/clients/search (API Blueprint "Коллекция клиентов",
// FullClientSearchRequest): typed filters joined by `operation`, paged by `page` / `page_size`
// (at most 200), the answer's fields chosen by `fields`. The segment's conditions map onto the
// documented filter types; a field the Blueprint has no filter for is refused (UnsupportedCrmFilter)
// rather than dropped, because dropping it would send the mailing to more people than asked.

export const SEARCH_PAGE_SIZE = 200;
export const SEARCH_FIELDS = ['id', 'name', 'phone', 'visits_count', 'last_visit_date'] as const;

export interface YclientsFilter {
  type: string;
  state: Record<string, unknown>;
}

// One request's filters; a search is one or more of them, their clients joined.
export interface YclientsSearchRun {
  operation: 'AND' | 'OR';
  filters: YclientsFilter[];
}

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

// YCLIENTS ids are numbers; ours are their decimal text.
function numericIds(ids: readonly string[], field: string): number[] {
  return ids.map((id) => {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) throw new UnsupportedCrmFilter(field);
    return n;
  });
}

function range(r: SegmentDateRange | SegmentNumberRange | null | undefined): Record<string, unknown> | null {
  if (!r || (!given(r.from) && !given(r.to))) return null;
  return { ...(given(r.from) ? { from: r.from } : {}), ...(given(r.to) ? { to: r.to } : {}) };
}

function put(state: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== null && value !== undefined) state[key] = value;
}

const listState = (ids: readonly string[] | null | undefined, field: string) =>
  ids && ids.length > 0 ? { value: numericIds(ids, field) } : null;

function certificateState(state: Record<string, unknown>, c: CertificateFilter): void {
  put(state, 'certificate_types', listState(c.types, 'certificates.types'));
  put(state, 'certificate_status', given(c.used) ? { value: c.used } : null);
  put(state, 'certificate_balance', range(c.balance));
  put(state, 'certificate_expire_date', range(c.expiry));
  put(state, 'certificate_sale_date', range(c.saleDate));
}

// The Blueprint's sale filter knows abonement types, sale and expiry dates and "used"; it has no
// status list, frozen flag or remaining services.
function subscriptionState(state: Record<string, unknown>, s: SubscriptionFilter): void {
  if (s.statuses && s.statuses.length > 0) throw new UnsupportedCrmFilter('subscriptions.statuses');
  if (given(s.frozen)) throw new UnsupportedCrmFilter('subscriptions.frozen');
  if (range(s.remainingServices)) throw new UnsupportedCrmFilter('subscriptions.remainingServices');
  put(state, 'abonement_types', listState(s.types, 'subscriptions.types'));
  put(state, 'abonement_status', given(s.used) ? { value: s.used } : null);
  put(state, 'abonement_expire_date', range(s.expiry));
}

function saleFilter(condition: SaleCondition): YclientsFilter {
  const state: Record<string, unknown> = {};
  put(
    state,
    'goods',
    condition.goods && condition.goods.length > 0 ? { good_ids: numericIds(condition.goods, 'goods') } : null,
  );
  put(state, 'good_sale_date', range(condition.saleDate));
  if (condition.certificates) certificateState(state, condition.certificates);
  if (condition.subscriptions) subscriptionState(state, condition.subscriptions);
  return { type: 'sale', state };
}

// The YCLIENTS filters whose conjunction is the condition. None: the condition asks nothing.
export function conditionFilters(condition: CrmSearchCondition): YclientsFilter[] {
  if (condition.type === 'record') {
    const state: Record<string, unknown> = {};
    put(state, 'staff', listState(condition.staff, 'staff'));
    put(state, 'service', listState(condition.services, 'services'));
    put(state, 'service_category', listState(condition.serviceCategories, 'serviceCategories'));
    // The Blueprint's `created` period (unverified whether YCLIENTS reads it as the booking's
    // creation or its visit day; the local CRM uses the visit day).
    put(state, 'created', range(condition.period));
    put(state, 'records_count', range(condition.recordsCount));
    put(state, 'sold_amount', range(condition.soldAmount));
    // Record statuses: 3 is "the client came"; no visit is the inverted filter.
    if (condition.visit === 'visited' || condition.visit === 'not_visited') state.status = { value: [3] };
    if (condition.visit === 'not_visited') state.invert = true;
    return [{ type: 'record', state }];
  }
  if (condition.type === 'sale') return [saleFilter(condition)];
  const filters: YclientsFilter[] = [];
  if (condition.gender && condition.gender.length > 0)
    filters.push({ type: 'gender', state: { value: condition.gender } });
  if (condition.clientCategory) {
    filters.push({
      type: 'category',
      state: {
        value: numericIds(condition.clientCategory.ids, 'clientCategory'),
        ...(condition.clientCategory.mode === 'exclude' ? { invert: true } : {}),
      },
    });
  }
  if (condition.birthdayPeriod) {
    filters.push({ type: 'birthday', state: { from: condition.birthdayPeriod.from, to: condition.birthdayPeriod.to } });
  }
  // The Blueprint has no age filter, and its birthday filter is taken by birthdayPeriod.
  if (range(condition.agePeriod)) throw new UnsupportedCrmFilter('agePeriod');
  return filters;
}

// How many requests a search takes: AND is one request with every filter; OR is one request when
// each condition is one filter, else one per condition (AND inside), their clients joined here.
export function searchRuns(search: CrmClientSearch): YclientsSearchRun[] {
  const perCondition = search.conditions.map(conditionFilters);
  if (search.operation === 'AND') return [{ operation: 'AND', filters: perCondition.flat() }];
  // A condition that asks nothing lets every client through the OR.
  if (perCondition.length === 0 || perCondition.some((f) => f.length === 0)) return [{ operation: 'AND', filters: [] }];
  if (perCondition.every((f) => f.length === 1)) return [{ operation: 'OR', filters: perCondition.flat() }];
  return perCondition.map((filters) => ({ operation: 'AND', filters }));
}

// One row of the search answer (the SEARCH_FIELDS); null when it has no id.
export function searchedClient(raw: unknown, companyOffsetMin: number | undefined): CrmClientMatch | null {
  if (!isObject(raw)) return null;
  const id = toId(raw.id);
  if (!id) return null;
  return {
    client: { id, name: typeof raw.name === 'string' ? raw.name : '', phone: normalisePhone(raw.phone) },
    visits: toNumber(raw.visits_count) ?? 0,
    lastVisitAt: parseYclientsDate(raw.last_visit_date, companyOffsetMin),
  };
}
