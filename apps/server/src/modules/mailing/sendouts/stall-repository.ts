import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { memberChats } from '../../../platform/db/member-chats.js';
import { sendoutStallNotices } from '../schema.js';

// SQL of the stall explanations: each started send-out's next message, its owners, and the notices
// the owner already got.

export interface StartedSendout {
  id: string;
  accId: number;
  text: string;
  betweenTime: number;
  // The earliest pending outbox row or not-yet-queued recipient; null when nothing is left.
  nextAt: Date | null;
}

export interface BranchOwner {
  telegramId: number;
  lang: string;
}

const asDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

export class StallRepository {
  constructor(private readonly db: Db) {}

  // Started send-outs (of one branch, or of every branch for the notice sweep) with their next message.
  async started(now: Date, accId?: number): Promise<StartedSendout[]> {
    const branch = accId === undefined ? sql`true` : sql`s.acc_id = ${accId}`;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select s.id, s.acc_id, s.text, s.between_time,
            least(
              (select min(o.not_before) from outbox o
                where o.source = 'sendout' and o.source_id = s.id and o.status in ('pending', 'sending')),
              (select min(coalesce(r.planned_at, ${now.toISOString()}::timestamptz)) from sendout_recipients r
                where r.sendout_id = s.id and r.outbox_id is null and r.included)
            ) as next_at
          from sendouts s
          where s.status = 'started' and ${branch}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      accId: Number(r.acc_id),
      text: String(r.text),
      betweenTime: Number(r.between_time),
      nextAt: asDate(r.next_at),
    }));
  }

  async owners(accId: number): Promise<BranchOwner[]> {
    return (await memberChats(this.db, accId, ['owner'])).map((m) => ({ telegramId: m.chatId, lang: m.lang }));
  }

  // Records that the owner hears of this stall; false when they already did (once per send-out and reason).
  async claimNotice(sendoutId: string, reason: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(sendoutStallNotices)
      .values({ sendoutId, reason, notifiedAt: now })
      .onConflictDoNothing()
      .returning({ id: sendoutStallNotices.sendoutId });
    return rows.length > 0;
  }

  async releaseNotice(sendoutId: string, reason: string): Promise<void> {
    await this.db.execute(
      sql`delete from ${sendoutStallNotices} where sendout_id = ${sendoutId} and reason = ${reason}`,
    );
  }
}
