import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/executor.js';
import { branches } from '../../../platform/db/schema.js';
import { reviewLinks } from '../schema.js';

export type LinkKind = 'review' | 'tips';

export interface NewLink {
  code: string;
  accId: number;
  kind: LinkKind;
  recordId: string;
  clientPhone: string;
  chainId: number | null;
  templateId: number | null;
  runId: number | null;
  createdAt: Date;
}

// review_links: one short link per visit, client and kind; its clicks.
export class ReviewLinksRepository {
  constructor(private readonly db: Executor) {}

  async codeOf(accId: number, kind: LinkKind, recordId: string, phone: string): Promise<string | null> {
    const [row] = await this.db
      .select({ code: reviewLinks.code })
      .from(reviewLinks)
      .where(
        and(
          eq(reviewLinks.accId, accId),
          eq(reviewLinks.kind, kind),
          eq(reviewLinks.recordId, recordId),
          eq(reviewLinks.clientPhone, phone),
        ),
      );
    return row?.code ?? null;
  }

  // A visit's link first made for a template message is the chain's too once a chain sends it
  // (the chain's statistics count its clicks).
  async claimForChain(code: string, chainId: number): Promise<void> {
    await this.db
      .update(reviewLinks)
      .set({ chainId })
      .where(and(eq(reviewLinks.code, code), isNull(reviewLinks.chainId)));
  }

  // False when the visit already has its link (made at the same moment by another producer).
  async insert(link: NewLink): Promise<boolean> {
    const rows = await this.db
      .insert(reviewLinks)
      .values(link)
      .onConflictDoNothing()
      .returning({ code: reviewLinks.code });
    return rows.length > 0;
  }

  // A click: counted, the first one stamped; what it leads to. Null for an unknown code.
  async click(code: string, now: Date): Promise<{ accId: number; kind: LinkKind } | null> {
    const [row] = await this.db
      .update(reviewLinks)
      .set({
        clicks: sql`${reviewLinks.clicks} + 1`,
        firstClickAt: sql`coalesce(${reviewLinks.firstClickAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(reviewLinks.code, code))
      .returning({ accId: reviewLinks.accId, kind: reviewLinks.kind });
    return row ? { accId: row.accId, kind: row.kind as LinkKind } : null;
  }

  async branchName(accId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: branches.name }).from(branches).where(eq(branches.accId, accId));
    return row?.name ?? null;
  }
}
