import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { StoredPlanDay } from '../calendar/plan-days.js';
import { sendoutRecipients, sendouts } from '../schema.js';
import type { SendoutMedia } from './media.js';

export interface LaunchDraftRow {
  id: string;
  status: string;
  keys: string[];
  consentCounts: unknown;
  consentTrue: boolean;
  consentNeutral: boolean;
  loyaltyActionId: string | null;
}

export interface LaunchPatch {
  status: 'planned' | 'started';
  text: string;
  media: SendoutMedia | null;
  count: number;
  batchLen: number;
  betweenTime: number;
  instanceId: string | null;
  consentTrue: boolean;
  consentNeutral: boolean;
  loyaltyActionId: string | null;
  timeStart: Date;
  startedAt: Date | null;
  planDays: StoredPlanDay[];
}

// Rows per UPDATE of planned_at.
const CHUNK = 50_000;
// pg_advisory_xact_lock(namespace, acc_id): one launch at a time per branch, on any number of servers.
const LAUNCH_LOCK_NAMESPACE = 0x5e4d;

export class LaunchRepository {
  constructor(private readonly db: Db) {}

  // The send-out, only if it is this branch's: another branch's id reads as missing.
  async find(accId: number, id: string): Promise<LaunchDraftRow | null> {
    const [row] = await this.db
      .select({
        id: sendouts.id,
        status: sendouts.status,
        keys: sendouts.keys,
        consentCounts: sendouts.consentCounts,
        consentTrue: sendouts.consentTrue,
        consentNeutral: sendouts.consentNeutral,
        loyaltyActionId: sendouts.loyaltyActionId,
      })
      .from(sendouts)
      .where(and(eq(sendouts.accId, accId), eq(sendouts.id, id)));
    return row ?? null;
  }

  // A draft's recipient choice; false when it is no longer a draft of this branch.
  async saveConsentChoice(
    accId: number,
    id: string,
    choice: { consentTrue: boolean; consentNeutral: boolean },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(sendouts)
      .set({ consentTrue: choice.consentTrue, consentNeutral: choice.consentNeutral, updatedAt: now })
      .where(and(eq(sendouts.accId, accId), eq(sendouts.id, id), eq(sendouts.status, 'draft')))
      .returning({ id: sendouts.id });
    return rows.length === 1;
  }

  // Runs `work` in a transaction holding the branch's launch lock, so two launches of the branch
  // judge the calendar one after the other (neither misses the other's days).
  async underBranchLock<T>(accId: number, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LAUNCH_LOCK_NAMESPACE}, ${accId})`);
      return work(tx);
    });
  }

  // The draft → launched flip. Conditional, so of two clicks (or two servers) only one matches the
  // draft; false when it was not a draft of this branch any more.
  async claimDraft(tx: Db, accId: number, id: string, status: 'planned' | 'started', now: Date): Promise<boolean> {
    const rows = await tx
      .update(sendouts)
      .set({ status, updatedAt: now })
      .where(and(eq(sendouts.id, id), eq(sendouts.accId, accId), eq(sendouts.status, 'draft')))
      .returning({ id: sendouts.id });
    return rows.length > 0;
  }

  // Marks who the send-out goes to (by their consent state at parse time) and returns their
  // positions in list order.
  async include(tx: Db, id: string, consentStates: readonly string[]): Promise<number[]> {
    await tx.execute(sql`
      update sendout_recipients
      set included = consent = any(${sql.param([...consentStates])}::text[])
      where sendout_id = ${id}`);
    const rows = await tx
      .select({ position: sendoutRecipients.position })
      .from(sendoutRecipients)
      .where(and(eq(sendoutRecipients.sendoutId, id), eq(sendoutRecipients.included, true)))
      .orderBy(asc(sendoutRecipients.position));
    return rows.map((r) => r.position);
  }

  // planned_at of each planned position, as row sets (one UPDATE per 50 000).
  async writePlannedAt(tx: Db, id: string, positions: readonly number[], at: readonly Date[]): Promise<void> {
    for (let start = 0; start < positions.length; start += CHUNK) {
      const chunk = positions.slice(start, start + CHUNK);
      const times = at.slice(start, start + CHUNK).map((d) => d.toISOString());
      await tx.execute(sql`
        update sendout_recipients r
        set planned_at = u.at
        from unnest(${sql.param(chunk)}::int[], ${sql.param(times)}::timestamptz[]) as u(position, at)
        where r.sendout_id = ${id} and r.position = u.position`);
    }
  }

  async saveLaunch(tx: Db, id: string, patch: LaunchPatch, now: Date): Promise<void> {
    await tx
      .update(sendouts)
      .set({ ...patch, updatedAt: now })
      .where(eq(sendouts.id, id));
  }
}
