import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ReviewSite } from '@salon/contract/reviews';
import type { Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { reviewChains, reviewSettings } from '../schema.js';
import { toChain, toSettings, type ReviewChain, type ReviewSettings } from './mapper.js';

// What a chain is made of when it is written (the service has already checked and normalised it).
export interface ChainDraft {
  title: string;
  active: boolean;
  firstStep: unknown;
  secondStep: unknown;
  lastStep: unknown;
}

export interface BranchFacts {
  sendOutAccount: boolean;
  timeZone: string;
}

// SQL of review chains and the branch's review settings. No rules here: the service decides what
// to write; rows are handed out parsed (mapper.ts), so readers never see raw jsonb.
export class ReviewChainsRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<BranchFacts | null> {
    const [row] = await this.db
      .select({ sendOutAccount: branches.sendOutAccount, timeZone: branches.timeZone })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // Live chains of a branch in list order.
  async list(accId: number): Promise<ReviewChain[]> {
    const rows = await this.db
      .select()
      .from(reviewChains)
      .where(and(eq(reviewChains.accId, accId), isNull(reviewChains.deletedAt)))
      .orderBy(asc(reviewChains.position), asc(reviewChains.id));
    return rows.map(toChain);
  }

  // The chains the runner plans: live and switched on, in list order.
  async activeChains(accId: number): Promise<ReviewChain[]> {
    const rows = await this.db
      .select()
      .from(reviewChains)
      .where(and(eq(reviewChains.accId, accId), eq(reviewChains.active, true), isNull(reviewChains.deletedAt)))
      .orderBy(asc(reviewChains.position), asc(reviewChains.id));
    return rows.map(toChain);
  }

  // One chain of the branch (another branch's id is not found); deleted ones only when asked.
  async find(accId: number, id: number, withDeleted = false): Promise<ReviewChain | null> {
    const [row] = await this.db
      .select()
      .from(reviewChains)
      .where(
        and(
          eq(reviewChains.id, id),
          eq(reviewChains.accId, accId),
          withDeleted ? undefined : isNull(reviewChains.deletedAt),
        ),
      );
    return row ? toChain(row) : null;
  }

  // The branch's review settings; defaults when it never saved any.
  async settings(accId: number): Promise<ReviewSettings> {
    const [row] = await this.db.select().from(reviewSettings).where(eq(reviewSettings.accId, accId));
    return toSettings(row);
  }

  // A new chain at the end of the list, with the branch's settings, in one transaction.
  async create(accId: number, draft: ChainDraft, settings: ReviewSettingsDraft, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviewChains)
        .values({
          accId,
          ...draft,
          position: sql`(select coalesce(max(${reviewChains.position}) + 1, 0) from ${reviewChains}
            where ${reviewChains.accId} = ${accId})`,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reviewChains.id });
      await this.writeSettings(tx, accId, settings, now);
      return row!.id;
    });
  }

  // Rewrites a live chain and the branch's settings under the chain's lock. Returns the chain as it
  // was before, or null if it is not (or no longer) there; then nothing is written.
  async replace(
    accId: number,
    id: number,
    draft: ChainDraft,
    settings: ReviewSettingsDraft,
    now: Date,
  ): Promise<ReviewChain | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, accId, id);
      if (!before) return null;
      await tx
        .update(reviewChains)
        .set({ ...draft, updatedAt: now })
        .where(eq(reviewChains.id, id));
      await this.writeSettings(tx, accId, settings, now);
      return before;
    });
  }

  // Read-modify-write of a live chain under its lock: `change` (the service's rule) gets the chain
  // as stored and answers what to write. Its errors roll the transaction back. Returns the chain
  // before the change, or null if it is not there.
  async change(
    accId: number,
    id: number,
    change: (chain: ReviewChain) => ChainDraft,
    now: Date,
  ): Promise<{ before: ReviewChain; after: ChainDraft } | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, accId, id);
      if (!before) return null;
      const after = change(before);
      await tx
        .update(reviewChains)
        .set({ ...after, updatedAt: now })
        .where(eq(reviewChains.id, id));
      return { before, after };
    });
  }

  // Deleted chains keep their rows (statistics read them) and are switched off.
  async softDelete(accId: number, id: number, now: Date): Promise<ReviewChain | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, accId, id);
      if (!before) return null;
      await tx
        .update(reviewChains)
        .set({ active: false, deletedAt: now, updatedAt: now })
        .where(eq(reviewChains.id, id));
      return before;
    });
  }

  private async lock(tx: Db, accId: number, id: number): Promise<ReviewChain | null> {
    const [row] = await tx
      .select()
      .from(reviewChains)
      .where(and(eq(reviewChains.id, id), eq(reviewChains.accId, accId), isNull(reviewChains.deletedAt)))
      .for('update');
    return row ? toChain(row) : null;
  }

  private async writeSettings(tx: Db, accId: number, settings: ReviewSettingsDraft, now: Date): Promise<void> {
    await tx
      .insert(reviewSettings)
      .values({ accId, sites: settings.sites, repeatDays: settings.repeatDays, updatedAt: now })
      .onConflictDoUpdate({
        target: reviewSettings.accId,
        set: { sites: settings.sites, repeatDays: settings.repeatDays, updatedAt: now },
      });
  }
}

export interface ReviewSettingsDraft {
  sites: ReviewSite[];
  repeatDays: number;
}
