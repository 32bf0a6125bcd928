import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { copyTargets, type CopyTarget } from '../../../platform/db/copy-targets.js';
import type { Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { loyaltyActions } from '../schema.js';
import type { ActionDraft, ActionRow } from './mapper.js';

export interface BranchFacts {
  sendOutAccount: boolean;
  timeZone: string;
  // The branch row's pay summary, kept by the payments module (its gating).
  activeModules: string[];
  payPeriod: string | null;
}

// SQL of the loyalty actions. No rules here: the service decides what to write.
export class LoyaltyActionsRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<BranchFacts | null> {
    const [row] = await this.db
      .select({
        sendOutAccount: branches.sendOutAccount,
        timeZone: branches.timeZone,
        activeModules: branches.activeModules,
        payPeriod: branches.payPeriod,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // Live actions of a branch, newest first.
  async list(accId: number): Promise<ActionRow[]> {
    return this.db
      .select()
      .from(loyaltyActions)
      .where(and(eq(loyaltyActions.accId, accId), isNull(loyaltyActions.deletedAt)))
      .orderBy(desc(loyaltyActions.createdAt), desc(loyaltyActions.id));
  }

  // One live action of the branch; another branch's id is not found.
  async find(accId: number, id: number): Promise<ActionRow | null> {
    const [row] = await this.db
      .select()
      .from(loyaltyActions)
      .where(and(eq(loyaltyActions.id, id), eq(loyaltyActions.accId, accId), isNull(loyaltyActions.deletedAt)));
    return row ?? null;
  }

  async create(accId: number, draft: ActionDraft, now: Date): Promise<ActionRow> {
    const [row] = await this.db
      .insert(loyaltyActions)
      .values({ accId, ...draft, createdAt: now, updatedAt: now, firstActivatedAt: draft.active ? now : null })
      .returning();
    return row!;
  }

  // Copies in several branches in one transaction (all or nothing), in the order given.
  async createMany(drafts: { accId: number; draft: ActionDraft }[], now: Date): Promise<ActionRow[]> {
    return this.db.transaction(async (tx) => {
      const rows: ActionRow[] = [];
      for (const { accId, draft } of drafts) {
        const [row] = await tx
          .insert(loyaltyActions)
          .values({ accId, ...draft, createdAt: now, updatedAt: now, firstActivatedAt: null })
          .returning();
        rows.push(row!);
      }
      return rows;
    });
  }

  // Rewrites a live action under its lock; the first activation is kept once set. Returns the action
  // before and after, or null if it is not (or no longer) there; then nothing is written.
  async replace(
    accId: number,
    id: number,
    draft: ActionDraft,
    now: Date,
  ): Promise<{ before: ActionRow; after: ActionRow } | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, accId, id);
      if (!before) return null;
      const [after] = await tx
        .update(loyaltyActions)
        .set({
          ...draft,
          updatedAt: now,
          firstActivatedAt: draft.active
            ? sql`coalesce(${loyaltyActions.firstActivatedAt}, ${now.toISOString()}::timestamptz)`
            : loyaltyActions.firstActivatedAt,
        })
        .where(eq(loyaltyActions.id, id))
        .returning();
      return { before, after: after! };
    });
  }

  // Deleted actions keep their rows (invitations, ledger and analytics read them) and are off.
  async softDelete(accId: number, id: number, now: Date): Promise<ActionRow | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, accId, id);
      if (!before) return null;
      await tx
        .update(loyaltyActions)
        .set({ active: false, deletedAt: now, updatedAt: now })
        .where(eq(loyaltyActions.id, id));
      return before;
    });
  }

  copyTargets(userId: number, accIds: readonly number[]): Promise<CopyTarget[]> {
    return copyTargets(this.db, userId, accIds);
  }

  private async lock(tx: Db, accId: number, id: number): Promise<ActionRow | null> {
    const [row] = await tx
      .select()
      .from(loyaltyActions)
      .where(and(eq(loyaltyActions.id, id), eq(loyaltyActions.accId, accId), isNull(loyaltyActions.deletedAt)))
      .for('update');
    return row ?? null;
  }
}
