import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { outbox } from '../../channels/schema.js';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../../platform/db/schema.js';
import { sendoutRecipients, sendouts } from './schema.js';

export interface LaunchedSendoutRow {
  id: string;
  status: string;
  source: string;
  text: string;
  count: number;
  timeStart: Date | null;
  createdAt: Date;
}

// Outbox statuses of a message that left the queue: sent (and acked further), or refused for good.
const LEFT_STATUSES = ['sent', 'delivered', 'read', 'failed', 'blocked'];

export class MailingRepository {
  constructor(private readonly db: Db) {}

  async payStatus(accId: number): Promise<boolean> {
    const rows = await this.db.select({ paid: branches.payStatus }).from(branches).where(eq(branches.accId, accId));
    return rows[0]?.paid ?? false;
  }

  // The branch's launched send-outs (drafts are not), newest first.
  async launched(accId: number, limit: number): Promise<LaunchedSendoutRow[]> {
    return this.db
      .select({
        id: sendouts.id,
        status: sendouts.status,
        source: sendouts.source,
        text: sendouts.text,
        count: sendouts.count,
        timeStart: sendouts.timeStart,
        createdAt: sendouts.createdAt,
      })
      .from(sendouts)
      .where(and(eq(sendouts.accId, accId), ne(sendouts.status, 'draft')))
      .orderBy(desc(sendouts.createdAt), desc(sendouts.id))
      .limit(limit);
  }

  // Per send-out, how many of its recipients' messages left the outbox.
  async leftCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: sendoutRecipients.sendoutId, n: sql<number>`count(*)::int` })
      .from(sendoutRecipients)
      .innerJoin(outbox, eq(outbox.id, sendoutRecipients.outboxId))
      .where(and(inArray(sendoutRecipients.sendoutId, [...ids]), inArray(outbox.status, LEFT_STATUSES)))
      .groupBy(sendoutRecipients.sendoutId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }
}
