import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { branches } from '../../../platform/db/schema.js';
import type { Db } from '../../../platform/db/client.js';
import type { CrmClient, CrmRecord } from '../../crm.js';
import { toClient, toRecord, type ConnectionRow } from '../../repository.js';
import {
  crmClientCategories,
  crmClients,
  crmConnections,
  crmGoods,
  crmLoyaltyCardTypes,
  crmRecordLabels,
  crmRecords,
  crmServiceCategories,
  crmServices,
  crmStaff,
} from '../../schema.js';

export type StaffRow = typeof crmStaff.$inferSelect & { specialization: string | null };
export type ServiceRow = typeof crmServices.$inferSelect;
export type GoodRow = typeof crmGoods.$inferSelect;
export type ItemRow = { id: string; title: string };

// schema.ts's reference() helper types only the columns every reference table has; the extra ones
// are real columns all the same (see the migration).
export function extraColumn(table: object, name: 'specialization' | 'salon_group_id'): AnyPgColumn {
  const key = name === 'specialization' ? 'specialization' : 'salonGroupId';
  const column = (getTableColumns(table as typeof crmStaff) as unknown as Record<string, AnyPgColumn | undefined>)[key];
  if (!column) throw new Error(`crm schema: no column ${name}`);
  return column;
}
const staffSpecialization = extraColumn(crmStaff, 'specialization');
const staffColumns = { ...getTableColumns(crmStaff), specialization: sql<string | null>`${staffSpecialization}` };

// Ids of the local CRM are decimal numbers, like a booking system's; the next one is the largest + 1.
const numericId = (column: typeof crmRecords.id | typeof crmClients.id) => sql`${column} ~ '^[0-9]{1,18}$'`;

// SQL the local CRM needs beyond CrmRepository: locks, new ids, the catalogue with prices, day lists.
export class LocalCrmRepository {
  constructor(readonly db: Db) {}

  async timeZone(accId: number, db: Db = this.db): Promise<string | null> {
    const [row] = await db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.accId, accId));
    return row?.timeZone ?? null;
  }

  // Locks the branch's CRM for one change: changes of a branch run one after another, so new ids
  // never collide and each change reads the state the previous one left. A branch without a row
  // uses the local CRM (CrmRepository.connection); the row is written so that it can be locked.
  async lockConnection(accId: number, db: Db): Promise<ConnectionRow> {
    await db
      .insert(crmConnections)
      .values({ accId, kind: 'local' })
      .onConflictDoNothing({ target: crmConnections.accId });
    const [row] = await db.select().from(crmConnections).where(eq(crmConnections.accId, accId)).for('update');
    return row!;
  }

  // The record and its revision, locked until the transaction ends.
  async lockRecord(accId: number, id: string, db: Db): Promise<{ record: CrmRecord; revision: number } | null> {
    const [row] = await db
      .select()
      .from(crmRecords)
      .where(and(eq(crmRecords.accId, accId), eq(crmRecords.id, id)))
      .for('update');
    return row ? { record: toRecord(row), revision: row.revision } : null;
  }

  async nextRecordId(accId: number, db: Db): Promise<string> {
    const [row] = await db
      .select({ max: sql<string | null>`max(${crmRecords.id}::bigint)::text` })
      .from(crmRecords)
      .where(and(eq(crmRecords.accId, accId), numericId(crmRecords.id)));
    return String(BigInt(row?.max ?? '0') + 1n);
  }

  async nextClientId(accId: number, db: Db): Promise<string> {
    const [row] = await db
      .select({ max: sql<string | null>`max(${crmClients.id}::bigint)::text` })
      .from(crmClients)
      .where(and(eq(crmClients.accId, accId), numericId(crmClients.id)));
    return String(BigInt(row?.max ?? '0') + 1n);
  }

  async clientByPhone(accId: number, phone: string, db: Db): Promise<CrmClient | null> {
    const [row] = await db
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.accId, accId), eq(crmClients.phone, phone)))
      .orderBy(asc(crmClients.createdAt))
      .limit(1);
    return row ? toClient(row) : null;
  }

  // Attendance moves the client's visit counters; they never go below zero.
  async addVisits(accId: number, clientId: string, success: number, fail: number, now: Date, db: Db): Promise<void> {
    await db
      .update(crmClients)
      .set({
        successVisits: sql`greatest(0, ${crmClients.successVisits} + ${success})`,
        failVisits: sql`greatest(0, ${crmClients.failVisits} + ${fail})`,
        updatedAt: now,
      })
      .where(and(eq(crmClients.accId, accId), eq(crmClients.id, clientId)));
  }

  async addBonus(accId: number, clientId: string, amount: number, now: Date, db: Db): Promise<CrmClient> {
    const [row] = await db
      .update(crmClients)
      .set({ bonusBalance: sql`${crmClients.bonusBalance} + ${amount}`, updatedAt: now })
      .where(and(eq(crmClients.accId, accId), eq(crmClients.id, clientId)))
      .returning();
    if (!row) throw new Error(`local CRM: no client ${accId}/${clientId}`);
    return toClient(row);
  }

  async staff(accId: number, db: Db = this.db): Promise<StaffRow[]> {
    return db
      .select(staffColumns)
      .from(crmStaff)
      .where(and(eq(crmStaff.accId, accId), eq(crmStaff.active, true)))
      .orderBy(asc(crmStaff.title));
  }

  async staffMember(accId: number, id: string, db: Db): Promise<StaffRow | null> {
    const [row] = await db
      .select(staffColumns)
      .from(crmStaff)
      .where(and(eq(crmStaff.accId, accId), eq(crmStaff.id, id), eq(crmStaff.active, true)));
    return row ?? null;
  }

  async services(accId: number, ids?: readonly string[], db: Db = this.db): Promise<ServiceRow[]> {
    return db
      .select()
      .from(crmServices)
      .where(
        and(
          eq(crmServices.accId, accId),
          eq(crmServices.active, true),
          ids ? inArray(crmServices.id, [...ids]) : undefined,
        ),
      )
      .orderBy(asc(crmServices.categoryId), asc(crmServices.title));
  }

  async goods(accId: number, ids?: readonly string[], db: Db = this.db): Promise<GoodRow[]> {
    return db
      .select()
      .from(crmGoods)
      .where(
        and(eq(crmGoods.accId, accId), eq(crmGoods.active, true), ids ? inArray(crmGoods.id, [...ids]) : undefined),
      )
      .orderBy(asc(crmGoods.title));
  }

  private items(
    table:
      typeof crmRecordLabels | typeof crmClientCategories | typeof crmServiceCategories | typeof crmLoyaltyCardTypes,
  ) {
    return async (accId: number, ids?: readonly string[], db: Db = this.db): Promise<ItemRow[]> =>
      db
        .select({ id: table.id, title: table.title })
        .from(table)
        .where(and(eq(table.accId, accId), eq(table.active, true), ids ? inArray(table.id, [...ids]) : undefined))
        .orderBy(asc(table.id));
  }

  readonly labels = this.items(crmRecordLabels);
  readonly clientCategories = this.items(crmClientCategories);
  readonly serviceCategories = this.items(crmServiceCategories);
  readonly loyaltyCardTypes = this.items(crmLoyaltyCardTypes);

  // By name or phone digits; regular clients first.
  async clients(accId: number, search: string | undefined, limit: number): Promise<CrmClient[]> {
    const text = search?.trim() ?? '';
    const digits = text.replace(/\D/g, '');
    const pattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .select()
      .from(crmClients)
      .where(
        and(
          eq(crmClients.accId, accId),
          text
            ? or(ilike(crmClients.name, pattern(text)), digits ? ilike(crmClients.phone, pattern(digits)) : undefined)
            : undefined,
        ),
      )
      .orderBy(desc(crmClients.successVisits), asc(crmClients.name))
      .limit(limit);
    return rows.map(toClient);
  }

  async recordsStarting(accId: number, from: Date, to: Date): Promise<CrmRecord[]> {
    const rows = await this.db
      .select()
      .from(crmRecords)
      .where(and(eq(crmRecords.accId, accId), gte(crmRecords.startsAt, from), lt(crmRecords.startsAt, to)))
      .orderBy(asc(crmRecords.startsAt), asc(crmRecords.id));
    return rows.map(toRecord);
  }

  // The masters' non-deleted records overlapping [from, to) (each master's busy time), optionally
  // without one record (the one being moved).
  async busy(
    accId: number,
    staffIds: readonly string[],
    from: Date,
    to: Date,
    db: Db = this.db,
    exceptId?: string,
  ): Promise<{ staffId: string; startsAt: Date; lengthSec: number }[]> {
    if (staffIds.length === 0) return [];
    const rows = await db
      .select({ staffId: crmRecords.staffId, startsAt: crmRecords.startsAt, lengthSec: crmRecords.lengthSec })
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, accId),
          inArray(crmRecords.staffId, [...staffIds]),
          eq(crmRecords.deleted, false),
          lt(crmRecords.startsAt, to),
          sql`${crmRecords.startsAt} + ${crmRecords.lengthSec} * interval '1 second' > ${from.toISOString()}::timestamptz`,
          exceptId === undefined ? undefined : ne(crmRecords.id, exceptId),
        ),
      )
      .orderBy(asc(crmRecords.startsAt));
    return rows.flatMap((r) => (r.staffId === null ? [] : [{ ...r, staffId: r.staffId }]));
  }

  // A client's coming records (not deleted), by phone digits, soonest first.
  async clientRecords(accId: number, phone: string, from: Date): Promise<CrmRecord[]> {
    const rows = await this.db
      .select()
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, accId),
          eq(crmRecords.clientPhone, phone),
          eq(crmRecords.deleted, false),
          gte(crmRecords.startsAt, from),
        ),
      )
      .orderBy(asc(crmRecords.startsAt), asc(crmRecords.id));
    return rows.map(toRecord);
  }

  // Records changed in (since, until], after the keyset cursor, oldest change first.
  async recordsChanged(
    accId: number,
    since: Date,
    until: Date,
    after: { changedAt: Date; id: string } | null,
    limit: number,
  ): Promise<CrmRecord[]> {
    const cursor = after
      ? sql`(${crmRecords.changedAt}, ${crmRecords.id}) > (${after.changedAt.toISOString()}::timestamptz, ${after.id})`
      : undefined;
    const rows = await this.db
      .select()
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, accId),
          sql`${crmRecords.changedAt} > ${since.toISOString()}::timestamptz`,
          sql`${crmRecords.changedAt} <= ${until.toISOString()}::timestamptz`,
          cursor,
        ),
      )
      .orderBy(asc(crmRecords.changedAt), asc(crmRecords.id))
      .limit(limit);
    return rows.map(toRecord);
  }
}
