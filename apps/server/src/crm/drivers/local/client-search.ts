import { sql, type SQL } from 'drizzle-orm';
import {
  anniversaryWindow,
  birthDatesForAge,
  type RecordCondition,
  type SaleCondition,
  type SegmentDateRange,
  type SegmentNumberRange,
} from '@salon/contract/mailing-segments';
import { queryRows, type Db } from '../../../platform/db/client.js';
import type { CrmClientMatch, CrmClientSearch, CrmSearchCondition, CrmSearchContext } from '../../crm.js';

interface MatchRow {
  id: string;
  name: string;
  phone: string;
  visits: number;
  last_visit_at: Date | string | null;
}

// An empty list filters nothing, like an absent one.
const listOf = (ids: readonly string[] | null | undefined): readonly string[] | null =>
  ids && ids.length > 0 ? ids : null;
const values = (items: readonly (string | number)[]) =>
  sql.join(
    items.map((v) => sql`${v}`),
    sql`, `,
  );
const textArray = (items: readonly string[]) => sql`array[${values(items)}]::text[]`;
const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

// The day of an instant on the branch's calendar.
const localDate = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

function dateBounds(column: SQL, range: SegmentDateRange | null | undefined): SQL[] {
  if (!range) return [];
  return [
    ...(given(range.from) ? [sql`${column} >= ${range.from}::date`] : []),
    ...(given(range.to) ? [sql`${column} <= ${range.to}::date`] : []),
  ];
}

function numberBounds(column: SQL, range: SegmentNumberRange | null | undefined): SQL[] {
  if (!range) return [];
  return [
    ...(given(range.from) ? [sql`${column} >= ${range.from}`] : []),
    ...(given(range.to) ? [sql`${column} <= ${range.to}`] : []),
  ];
}

const all = (parts: readonly SQL[]): SQL =>
  parts.length === 0 ? sql`true` : sql`(${sql.join([...parts], sql` and `)})`;

// A certificate or subscription part with no field set asks for nothing (as in the YCLIENTS driver).
function hasAnyField(part: object | null | undefined): boolean {
  return !!part && Object.values(part).some((v) => given(v) && !(Array.isArray(v) && v.length === 0));
}

// Whether a range lets a client with no matching records (count 0, amount 0) through.
function admitsZero(range: SegmentNumberRange | null | undefined): boolean {
  return !range || ((!given(range.from) || range.from <= 0) && (!given(range.to) || range.to >= 0));
}

// Client search over the local CRM's own tables (crm_clients, crm_records), set-wise: every
// condition is a predicate on the client row, record and sale conditions test membership in one
// grouped pass over the branch's records, and the operation joins the predicates.
export class LocalClientSearch {
  constructor(private readonly db: Db) {}

  async page(
    accId: number,
    search: CrmClientSearch,
    context: CrmSearchContext,
    after: string | null,
    limit: number,
  ): Promise<CrmClientMatch[]> {
    const predicates = search.conditions.map((c) => this.condition(accId, c, context));
    const joined =
      predicates.length === 0
        ? sql`true`
        : sql`(${sql.join(predicates, search.operation === 'OR' ? sql` or ` : sql` and `)})`;
    const rows = await queryRows<MatchRow>(
      this.db,
      sql`select c.id, c.name, c.phone, c.success_visits as visits, lv.last_visit_at
          from crm_clients c
          left join (
            select client_id, max(starts_at) as last_visit_at from crm_records
            where acc_id = ${accId} and attendance = 1 and not deleted and client_id is not null
            group by client_id
          ) lv on lv.client_id = c.id
          where c.acc_id = ${accId} and ${joined} ${after === null ? sql`` : sql`and c.id > ${after}`}
          order by c.id
          limit ${limit}`,
    );
    return rows.map((r) => ({
      client: { id: r.id, name: r.name, phone: r.phone },
      visits: Number(r.visits),
      lastVisitAt: r.last_visit_at === null ? null : new Date(r.last_visit_at),
    }));
  }

  private condition(accId: number, condition: CrmSearchCondition, context: CrmSearchContext): SQL {
    if (condition.type === 'record') return this.record(accId, condition, context);
    if (condition.type === 'sale') return this.sale(accId, condition, context);
    const parts: SQL[] = [];
    const gender = condition.gender && condition.gender.length > 0 ? condition.gender : null;
    if (gender) parts.push(sql`c.sex in (${values(gender)})`);
    const category = condition.clientCategory;
    if (category) {
      const overlap = sql`c.categories && ${textArray(category.ids)}`;
      parts.push(category.mode === 'include' ? overlap : sql`not (${overlap})`);
    }
    if (condition.birthdayPeriod) {
      const window = anniversaryWindow(condition.birthdayPeriod.from, condition.birthdayPeriod.to);
      const monthDay = sql`to_char(c.birthday, 'MM-DD')`;
      parts.push(sql`c.birthday is not null`);
      if (window.kind === 'within') parts.push(sql`${monthDay} between ${window.from} and ${window.to}`);
      if (window.kind === 'wrap') parts.push(sql`(${monthDay} >= ${window.from} or ${monthDay} <= ${window.to})`);
    }
    if (condition.agePeriod && (given(condition.agePeriod.from) || given(condition.agePeriod.to))) {
      const born = birthDatesForAge(context.today, condition.agePeriod);
      parts.push(sql`c.birthday is not null`, ...dateBounds(sql`c.birthday`, born));
    }
    return all(parts);
  }

  // The client's bookings that the fields describe, counted and summed per client. 'visited'
  // keeps those the client came to; 'not_visited' is every client that has no such group.
  private record(accId: number, condition: RecordCondition, context: CrmSearchContext): SQL {
    const staff = listOf(condition.staff);
    const services = listOf(condition.services);
    const categories = listOf(condition.serviceCategories);
    const where: SQL[] = [
      sql`r.acc_id = ${accId}`,
      sql`not r.deleted`,
      sql`r.client_id is not null`,
      ...(staff ? [sql`r.staff_id in (${values(staff)})`] : []),
      ...(services
        ? [sql`exists (select 1 from jsonb_array_elements(r.services) s where s->>'id' in (${values(services)}))`]
        : []),
      // Records keep a service's category when the CRM gave it; the price list knows it otherwise.
      ...(categories
        ? [
            sql`exists (select 1 from jsonb_array_elements(r.services) s
                  where s->>'categoryId' in (${values(categories)})
                     or s->>'id' in (select id from crm_services
                                     where acc_id = ${accId} and category_id in (${values(categories)})))`,
          ]
        : []),
      ...dateBounds(localDate(sql`r.starts_at`, context.timeZone), condition.period),
      ...(condition.visit === 'visited' || condition.visit === 'not_visited' ? [sql`r.attendance = 1`] : []),
    ];
    const ranges = [
      ...numberBounds(sql`count(*)`, condition.recordsCount),
      ...numberBounds(sql`coalesce(sum(r.cost), 0)`, condition.soldAmount),
    ];
    // A range that starts at 0 records (and lets an amount of 0 through) also wants the clients
    // with none: everyone but those whose group falls outside it.
    const zeroToo =
      given(condition.recordsCount?.from) &&
      condition.recordsCount.from === 0 &&
      admitsZero(condition.recordsCount) &&
      admitsZero(condition.soldAmount);
    const grouped = (having: SQL) =>
      sql`select r.client_id from crm_records r where ${all(where)} group by r.client_id having ${having}`;
    const matches = zeroToo
      ? sql`c.id not in (${grouped(sql`not ${all(ranges)}`)})`
      : sql`c.id in (${grouped(all(ranges))})`;
    return condition.visit === 'not_visited' ? sql`not (${matches})` : matches;
  }

  // Goods are sold with a booking the client came to (or paid for): the sale's day is the visit's.
  // The local CRM sells no certificates or subscriptions, so a condition asking for them matches
  // nobody rather than being ignored (which would widen the audience).
  private sale(accId: number, condition: SaleCondition, context: CrmSearchContext): SQL {
    if (hasAnyField(condition.certificates) || hasAnyField(condition.subscriptions)) return sql`false`;
    const goods = listOf(condition.goods);
    const where: SQL[] = [
      sql`r.acc_id = ${accId}`,
      sql`not r.deleted`,
      sql`r.client_id is not null`,
      sql`(r.attendance = 1 or r.paid)`,
      sql`jsonb_array_length(r.goods) > 0`,
      ...(goods
        ? [sql`exists (select 1 from jsonb_array_elements(r.goods) g where g->>'id' in (${values(goods)}))`]
        : []),
      ...dateBounds(localDate(sql`r.starts_at`, context.timeZone), condition.saleDate),
    ];
    return sql`c.id in (select r.client_id from crm_records r where ${all(where)})`;
  }
}
