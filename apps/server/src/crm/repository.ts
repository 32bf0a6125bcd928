import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import type {
  CrmChange,
  CrmClient,
  CrmKind,
  CrmRecord,
  RecordGood,
  RecordService,
  ReferenceItem,
  ReferenceKind,
} from './crm.js';
import {
  crmClientCategories,
  crmClients,
  crmConnections,
  crmEvents,
  crmGoods,
  crmLoyaltyCardTypes,
  crmRecordLabels,
  crmRecords,
  crmServiceCategories,
  crmServices,
  crmStaff,
} from './schema.js';

type RecordRow = typeof crmRecords.$inferSelect;
type ClientRow = typeof crmClients.$inferSelect;
export type CrmEventRow = typeof crmEvents.$inferSelect;
export type ConnectionRow = typeof crmConnections.$inferSelect;

export function toRecord(row: RecordRow): CrmRecord {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    staffId: row.staffId,
    staffName: row.staffName,
    services: row.services as RecordService[],
    goods: row.goods as RecordGood[],
    startsAt: row.startsAt,
    lengthSec: row.lengthSec,
    attendance: row.attendance,
    deleted: row.deleted,
    paid: row.paid,
    online: row.online,
    labels: row.labels,
    comment: row.comment,
    shortLink: row.shortLink,
    createdAt: row.createdAt,
    changedAt: row.changedAt,
    deletedAt: row.deletedAt,
  };
}

export function toClient(row: ClientRow): CrmClient {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    birthday: row.birthday,
    sex: row.sex,
    categories: row.categories,
    successVisits: row.successVisits,
    failVisits: row.failVisits,
    bonusBalance: row.bonusBalance,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function recordCost(services: readonly RecordService[], goods: readonly RecordGood[] = []): number {
  return [...services, ...goods].reduce((sum, item) => sum + item.cost * (item.amount || 1), 0);
}

function recordValues(accId: number, r: CrmRecord) {
  return {
    accId,
    id: r.id,
    clientId: r.clientId,
    clientName: r.clientName,
    clientPhone: r.clientPhone,
    staffId: r.staffId,
    staffName: r.staffName,
    services: r.services,
    goods: r.goods,
    startsAt: r.startsAt,
    lengthSec: r.lengthSec,
    attendance: r.attendance,
    deleted: r.deleted,
    paid: r.paid,
    online: r.online,
    labels: r.labels,
    comment: r.comment,
    shortLink: r.shortLink,
    cost: recordCost(r.services, r.goods),
    createdAt: r.createdAt,
    changedAt: r.changedAt,
    deletedAt: r.deletedAt,
  };
}

const REFERENCE_TABLES = {
  staff: crmStaff,
  categories: crmServiceCategories,
  client_category: crmClientCategories,
  record_labels: crmRecordLabels,
  loyalty_card_types: crmLoyaltyCardTypes,
} as const;

// SQL of the CRM tables: the local CRM's storage, and the YCLIENTS mirror.
export class CrmRepository {
  constructor(readonly db: Db) {}

  async connection(accId: number): Promise<ConnectionRow> {
    const [row] = await this.db.select().from(crmConnections).where(eq(crmConnections.accId, accId));
    return row ?? { accId, kind: 'local', companyId: null, userToken: null, pollCursor: null, active: true };
  }

  async connectionsOf(kind: CrmKind): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(crmConnections)
      .where(and(eq(crmConnections.kind, kind), eq(crmConnections.active, true)));
  }

  // The branch a YCLIENTS company id belongs to; unknown companies are ignored.
  async branchOfCompany(kind: CrmKind, companyId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ accId: crmConnections.accId })
      .from(crmConnections)
      .where(
        and(eq(crmConnections.kind, kind), eq(crmConnections.companyId, companyId), eq(crmConnections.active, true)),
      );
    return row?.accId ?? null;
  }

  async saveConnection(row: Partial<ConnectionRow> & { accId: number; kind: CrmKind }): Promise<void> {
    await this.db.insert(crmConnections).values(row).onConflictDoUpdate({ target: crmConnections.accId, set: row });
  }

  async setPollCursor(accId: number, cursor: Date): Promise<void> {
    await this.db.update(crmConnections).set({ pollCursor: cursor }).where(eq(crmConnections.accId, accId));
  }

  async record(accId: number, id: string, db: Db = this.db): Promise<CrmRecord | null> {
    const [row] = await db
      .select()
      .from(crmRecords)
      .where(and(eq(crmRecords.accId, accId), eq(crmRecords.id, id)));
    return row ? toRecord(row) : null;
  }

  async saveRecord(accId: number, record: CrmRecord, db: Db = this.db): Promise<void> {
    const values = recordValues(accId, record);
    const { accId: _a, id: _i, ...set } = values;
    await db
      .insert(crmRecords)
      .values(values)
      .onConflictDoUpdate({
        target: [crmRecords.accId, crmRecords.id],
        set: { ...set, revision: sql`${crmRecords.revision} + 1` },
      });
  }

  async client(accId: number, id: string, db: Db = this.db): Promise<CrmClient | null> {
    const [row] = await db
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.accId, accId), eq(crmClients.id, id)));
    return row ? toClient(row) : null;
  }

  async clientByPhone(accId: number, phone: string): Promise<CrmClient | null> {
    const [row] = await this.db
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.accId, accId), eq(crmClients.phone, phone)))
      .orderBy(asc(crmClients.createdAt))
      .limit(1);
    return row ? toClient(row) : null;
  }

  async saveClient(accId: number, client: CrmClient, db: Db = this.db): Promise<void> {
    const values = { accId, ...client };
    const { accId: _a, id: _i, ...set } = values;
    await db
      .insert(crmClients)
      .values(values)
      .onConflictDoUpdate({ target: [crmClients.accId, crmClients.id], set });
  }

  // Upcoming records of a client other than this one (SPEC "send only to lost clients").
  async hasOtherFutureRecord(accId: number, phone: string, exceptId: string, after: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: crmRecords.id })
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, accId),
          eq(crmRecords.clientPhone, phone),
          eq(crmRecords.deleted, false),
          sql`${crmRecords.id} <> ${exceptId}`,
          sql`${crmRecords.startsAt} > ${after.toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  // Records starting in [from, to): the engine replans them when a template changes.
  async recordsStarting(accId: number, from: Date, to: Date): Promise<CrmRecord[]> {
    const rows = await this.db
      .select()
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, accId),
          sql`${crmRecords.startsAt} >= ${from.toISOString()}::timestamptz`,
          sql`${crmRecords.startsAt} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(crmRecords.startsAt));
    return rows.map(toRecord);
  }

  // Clients whose birthday (month and day) is one of these dates.
  async clientsWithBirthday(accId: number, monthDays: readonly { month: number; day: number }[]): Promise<CrmClient[]> {
    if (monthDays.length === 0) return [];
    const conditions = monthDays.map(
      ({ month, day }) =>
        sql`(extract(month from ${crmClients.birthday}) = ${month} and extract(day from ${crmClients.birthday}) = ${day})`,
    );
    const rows = await this.db
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.accId, accId), sql`(${sql.join(conditions, sql` or `)})`));
    return rows.map(toClient);
  }

  // The CRM's service list, mirrored so filters by service category work on its records.
  async saveServices(accId: number, items: readonly ReferenceItem[]): Promise<void> {
    for (const item of items) {
      const set = { title: item.title, categoryId: item.categoryId ?? null, active: true };
      await this.db
        .insert(crmServices)
        .values({ accId, id: item.id, ...set })
        .onConflictDoUpdate({ target: [crmServices.accId, crmServices.id], set });
    }
  }

  // The lowest price of the branch's active services (GET /min_cost_service); null without any.
  async minServicePrice(accId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ min: sql<string | number | null>`min(${crmServices.priceMin})` })
      .from(crmServices)
      .where(and(eq(crmServices.accId, accId), eq(crmServices.active, true)));
    return row?.min === null || row?.min === undefined ? null : Number(row.min);
  }

  // The category of each service (YCLIENTS records name services without their category).
  async serviceCategories(accId: number, serviceIds: string[]): Promise<Map<string, string>> {
    if (serviceIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: crmServices.id, categoryId: crmServices.categoryId })
      .from(crmServices)
      .where(and(eq(crmServices.accId, accId), inArray(crmServices.id, serviceIds)));
    return new Map(rows.filter((r) => r.categoryId !== null).map((r) => [r.id, r.categoryId!]));
  }

  async reference(accId: number, kind: ReferenceKind): Promise<ReferenceItem[]> {
    if (kind === 'services') {
      return this.db
        .select({ id: crmServices.id, title: crmServices.title })
        .from(crmServices)
        .where(and(eq(crmServices.accId, accId), eq(crmServices.active, true)))
        .orderBy(asc(crmServices.title));
    }
    if (kind === 'goods') {
      return this.db
        .select({ id: crmGoods.id, title: crmGoods.title })
        .from(crmGoods)
        .where(and(eq(crmGoods.accId, accId), eq(crmGoods.active, true)))
        .orderBy(asc(crmGoods.title));
    }
    const table = REFERENCE_TABLES[kind];
    return this.db
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(and(eq(table.accId, accId), eq(table.active, true)))
      .orderBy(asc(table.title));
  }

  // --- The event inbox ---

  // Stores a change once (by its dedup key). Returns the new row's id, or null for a duplicate.
  async addEvent(
    event: {
      accId: number;
      source: string;
      change: CrmChange;
      dedupKey: string;
      state?: 'new' | 'derived' | 'done';
      kinds?: string[] | null;
    },
    now: Date,
    db: Db = this.db,
  ): Promise<number | null> {
    const rows = await db
      .insert(crmEvents)
      .values({
        accId: event.accId,
        source: event.source,
        resource: event.change.resource,
        resourceId: event.change.resourceId,
        status: event.change.status,
        payload: event.change.data ?? null,
        dedupKey: event.dedupKey,
        state: event.state ?? 'new',
        kinds: event.kinds ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: crmEvents.dedupKey })
      .returning({ id: crmEvents.id });
    return rows[0]?.id ?? null;
  }

  // The oldest unfinished events, for one processor pass.
  async pendingEvents(limit: number, maxAttempts: number): Promise<CrmEventRow[]> {
    return this.db
      .select()
      .from(crmEvents)
      .where(and(inArray(crmEvents.state, ['new', 'derived']), sql`${crmEvents.attempts} < ${maxAttempts}`))
      .orderBy(asc(crmEvents.id))
      .limit(limit);
  }

  async event(id: number): Promise<CrmEventRow | undefined> {
    const [row] = await this.db.select().from(crmEvents).where(eq(crmEvents.id, id));
    return row;
  }

  async updateEvent(id: number, patch: Partial<typeof crmEvents.$inferInsert>, db: Db = this.db): Promise<void> {
    await db.update(crmEvents).set(patch).where(eq(crmEvents.id, id));
  }
}
