import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { aiFeedback } from '../schema.js';

export type FeedbackRow = typeof aiFeedback.$inferSelect;
export type NewFeedback = Omit<typeof aiFeedback.$inferInsert, 'id' | 'forwardedAt'>;

// SQL of the AI feedback. No rules here.
export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  async insert(feedback: NewFeedback): Promise<FeedbackRow> {
    const rows = await this.db.insert(aiFeedback).values(feedback).returning();
    return rows[0]!;
  }

  // Feedback still to forward that is older than `before` (newer rows are still being forwarded by
  // the request that stored them), oldest first.
  async unforwarded(before: Date, limit: number): Promise<FeedbackRow[]> {
    return this.db
      .select()
      .from(aiFeedback)
      .where(and(isNull(aiFeedback.forwardedAt), lt(aiFeedback.createdAt, before)))
      .orderBy(asc(aiFeedback.id))
      .limit(limit);
  }

  async markForwarded(id: number, at: Date): Promise<void> {
    await this.db
      .update(aiFeedback)
      .set({ forwardedAt: at })
      .where(and(eq(aiFeedback.id, id), isNull(aiFeedback.forwardedAt)));
  }
}
