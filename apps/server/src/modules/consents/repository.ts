import { and, asc, desc, eq, gt, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { ConsentStatus } from '@salon/contract/consents-rules';
import type { RecipientPolicy } from '../../channels/dispatch/recipient-policy.js';
import type { Executor } from '../../platform/db/executor.js';
import { branches } from '../../platform/db/schema.js';
import { consentChanges, consents } from './schema.js';

export type ConsentRow = typeof consents.$inferSelect;
export type ConsentChangeRow = typeof consentChanges.$inferSelect;
export type NewConsentChange = Omit<typeof consentChanges.$inferInsert, 'id'>;
export type ConsentPatch = Partial<Pick<ConsentRow, 'active' | 'consent' | 'comment' | 'consentAt'>> & {
  updatedAt: Date;
};

export interface ConsentPageFilter {
  page: number;
  pageSize: number;
  search: string | undefined;
  status: ConsentStatus | undefined;
}

export interface ConsentCounts {
  all: number;
  consent: number;
  declined: number;
  await: number;
  neutral: number;
}

// The dispatcher's consent check (channels/dispatch/recipient-policy.ts), read in its claiming
// statement: this module owns the table, so the SQL that reads it lives here.
export function consentPolicy(): Pick<RecipientPolicy, 'consent'> {
  return {
    consent: (accId: SQL, phone: SQL) =>
      sql<boolean | null>`(select c.consent from ${consents} c where c.acc_id = ${accId} and c.phone = ${phone})`,
  };
}

// The branch's consent entries as a source other modules' statements join on phone (a send-out
// draft labels its recipients with them): (phone, active, consent), one row per phone.
export function consentEntriesSql(accId: number): SQL {
  return sql`(select phone, active, consent from ${consents} where acc_id = ${accId})`;
}

// The stored columns each status is (SPEC 4; consents-rules.ts consentStatusOf).
function statusCondition(status: ConsentStatus): SQL {
  switch (status) {
    case 'consent':
      return eq(consents.consent, true);
    case 'declined':
      return eq(consents.consent, false);
    case 'await':
      return and(isNull(consents.consent), eq(consents.active, true))!;
    case 'neutral':
      return and(isNull(consents.consent), eq(consents.active, false))!;
  }
}

// The consent list's SQL: pages, counts, the change log, and the writes that keep the log in step
// with the entry (both or neither).
export class ConsentsRepository {
  constructor(private readonly db: Executor) {}

  // The same repository writing through a transaction (platform/db/executor.ts).
  with(tx: Executor): ConsentsRepository {
    return new ConsentsRepository(tx);
  }

  // What the template engine asks and records (its consent questions and the clients' answers):
  // this module owns the list and its changelog, the engine goes through here.
  async consentOf(accId: number, phone: string): Promise<{ active: boolean; consent: boolean | null } | null> {
    const [row] = await this.db
      .select({ active: consents.active, consent: consents.consent })
      .from(consents)
      .where(and(eq(consents.accId, accId), eq(consents.phone, phone)));
    return row ?? null;
  }

  // A consent question went out: the client is 'await' until they answer (SPEC 4 Consent). A new
  // entry, or a neutral one becoming 'await', goes into the consent changelog as template_creation.
  async markAwaited(accId: number, phone: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const where = and(eq(consents.accId, accId), eq(consents.phone, phone));
      const inserted = await tx
        .insert(consents)
        .values({ accId, phone, active: true, consent: null, updatedAt: now })
        .onConflictDoNothing()
        .returning({ comment: consents.comment, clientText: consents.clientText });
      let logged = inserted[0];
      if (!logged) {
        const [row] = await tx
          .select({
            active: consents.active,
            consent: consents.consent,
            comment: consents.comment,
            clientText: consents.clientText,
          })
          .from(consents)
          .where(where)
          .for('update');
        // An answer is never overwritten by a new question.
        if (!row || row.consent !== null) return;
        await tx.update(consents).set({ active: true, updatedAt: now }).where(where);
        if (row.active) return;
        logged = row;
      }
      await tx.insert(consentChanges).values({
        accId,
        phone,
        actions: ['template_creation'],
        newActive: true,
        newConsent: null,
        newComment: logged.comment,
        newClientText: logged.clientText,
        userTgId: null,
        at: now,
      });
    });
  }

  // The client answered a consent question: their answer and words, logged as user_answered.
  async recordAnswer(accId: number, phone: string, consent: boolean, clientText: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consents)
        .values({ accId, phone, active: true, consent, clientText, consentAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [consents.accId, consents.phone],
          set: { active: true, consent, clientText, consentAt: now, updatedAt: now },
        })
        .returning({ comment: consents.comment });
      await tx.insert(consentChanges).values({
        accId,
        phone,
        actions: ['user_answered'],
        newActive: true,
        newConsent: consent,
        newComment: row?.comment ?? null,
        newClientText: clientText,
        userTgId: null,
        at: now,
      });
    });
  }


  async page(accId: number, filter: ConsentPageFilter): Promise<{ rows: ConsentRow[]; count: number }> {
    const conditions: SQL[] = [eq(consents.accId, accId)];
    // The search is digits only (the contract's pattern), so it needs no LIKE escaping.
    if (filter.search) conditions.push(like(consents.phone, `%${filter.search}%`));
    if (filter.status) conditions.push(statusCondition(filter.status));
    const where = and(...conditions);
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(consents)
        .where(where)
        .orderBy(desc(consents.updatedAt), asc(consents.phone))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(consents)
        .where(where),
    ]);
    return { rows, count: Number(total[0]?.n ?? 0) };
  }

  async counts(accId: number): Promise<ConsentCounts> {
    const [row] = await this.db
      .select({
        all: sql<number>`count(*)::int`,
        consent: sql<number>`(count(*) filter (where ${consents.consent} = true))::int`,
        declined: sql<number>`(count(*) filter (where ${consents.consent} = false))::int`,
        await: sql<number>`(count(*) filter (where ${consents.consent} is null and ${consents.active}))::int`,
        neutral: sql<number>`(count(*) filter (where ${consents.consent} is null and not ${consents.active}))::int`,
      })
      .from(consents)
      .where(eq(consents.accId, accId));
    return {
      all: Number(row?.all ?? 0),
      consent: Number(row?.consent ?? 0),
      declined: Number(row?.declined ?? 0),
      await: Number(row?.await ?? 0),
      neutral: Number(row?.neutral ?? 0),
    };
  }

  async find(accId: number, phone: string): Promise<ConsentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(consents)
      .where(and(eq(consents.accId, accId), eq(consents.phone, phone)));
    return row;
  }

  async changes(accId: number, phones: string[]): Promise<ConsentChangeRow[]> {
    if (phones.length === 0) return [];
    return this.db
      .select()
      .from(consentChanges)
      .where(and(eq(consentChanges.accId, accId), inArray(consentChanges.phone, phones)))
      .orderBy(asc(consentChanges.at), asc(consentChanges.id));
  }

  // A new entry and its creation log, or nothing when the number is already listed.
  async add(entry: typeof consents.$inferInsert, change: NewConsentChange): Promise<ConsentRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(consents).values(entry).onConflictDoNothing().returning();
      if (!row) return null;
      await tx.insert(consentChanges).values(change);
      return row;
    });
  }

  // Reads the entry under a row lock, lets `decide` say what to write (it may throw to write
  // nothing), then writes the entry and its log entry together. Null when there is no such entry.
  async change(
    accId: number,
    phone: string,
    decide: (row: ConsentRow) => { patch: ConsentPatch; change: NewConsentChange },
  ): Promise<ConsentRow | null> {
    return this.db.transaction(async (tx) => {
      const where = and(eq(consents.accId, accId), eq(consents.phone, phone));
      const [row] = await tx.select().from(consents).where(where).for('update');
      if (!row) return null;
      const { patch, change } = decide(row);
      const [updated] = await tx.update(consents).set(patch).where(where).returning();
      await tx.insert(consentChanges).values(change);
      return updated ?? null;
    });
  }

  // One batch of the export, in phone order after `afterPhone`. `values` are the consent values
  // wanted (true, false, null).
  async exportBatch(
    accId: number,
    values: readonly (boolean | null)[],
    afterPhone: string | null,
    limit: number,
  ): Promise<ConsentRow[]> {
    const wanted: SQL[] = [];
    if (values.includes(true)) wanted.push(eq(consents.consent, true));
    if (values.includes(false)) wanted.push(eq(consents.consent, false));
    if (values.includes(null)) wanted.push(isNull(consents.consent));
    if (wanted.length === 0) return [];
    return this.db
      .select()
      .from(consents)
      .where(
        and(eq(consents.accId, accId), or(...wanted), afterPhone === null ? undefined : gt(consents.phone, afterPhone)),
      )
      .orderBy(asc(consents.phone))
      .limit(limit);
  }

  async branchTimeZone(accId: number): Promise<string> {
    const [row] = await this.db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.accId, accId));
    return row?.timeZone ?? 'Europe/Moscow';
  }
}
