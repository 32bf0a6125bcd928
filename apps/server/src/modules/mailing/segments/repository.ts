import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { sendoutRecipients, sendoutSegments } from '../schema.js';

export type SegmentRow = typeof sendoutSegments.$inferSelect;

interface RawSegmentRow {
  id: number | string;
  acc_id: number | string;
  name: string;
  description: string;
  filters: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface NewSegment {
  accId: number;
  name: string;
  description: string;
  filters: unknown;
}

export interface SegmentPatch {
  name?: string | undefined;
  description?: string | undefined;
  filters: unknown;
}

// SQL of saved segments (sendout_segments) and of what a segment asks of our own send-outs.
export class SegmentsRepository {
  constructor(private readonly db: Db) {}

  async list(accId: number): Promise<SegmentRow[]> {
    return this.db
      .select()
      .from(sendoutSegments)
      .where(eq(sendoutSegments.accId, accId))
      .orderBy(asc(sendoutSegments.id));
  }

  // The new row, or null when the branch already has `max` segments (counted in the same statement).
  async create(segment: NewSegment, max: number, now: Date): Promise<SegmentRow | null> {
    const at = now.toISOString();
    const rows = await queryRows<RawSegmentRow>(
      this.db,
      sql`insert into sendout_segments (acc_id, name, description, filters, created_at, updated_at)
          select ${segment.accId}, ${segment.name}, ${segment.description}, ${JSON.stringify(segment.filters)}::jsonb,
                 ${at}::timestamptz, ${at}::timestamptz
          where (select count(*) from sendout_segments where acc_id = ${segment.accId}) < ${max}
          returning id, acc_id, name, description, filters, created_at, updated_at`,
    );
    const row = rows[0];
    return row
      ? {
          id: Number(row.id),
          accId: Number(row.acc_id),
          name: row.name,
          description: row.description,
          filters: typeof row.filters === 'string' ? (JSON.parse(row.filters) as unknown) : row.filters,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        }
      : null;
  }

  // Only the branch's own segment changes; null when it has none with this id.
  async update(accId: number, id: number, patch: SegmentPatch, now: Date): Promise<SegmentRow | null> {
    const [row] = await this.db
      .update(sendoutSegments)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        filters: patch.filters,
        updatedAt: now,
      })
      .where(and(eq(sendoutSegments.accId, accId), eq(sendoutSegments.id, id)))
      .returning();
    return row ?? null;
  }

  async remove(accId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(sendoutSegments)
      .where(and(eq(sendoutSegments.accId, accId), eq(sendoutSegments.id, id)))
      .returning({ id: sendoutSegments.id });
    return rows.length > 0;
  }

  async timeZone(accId: number): Promise<string> {
    const [row] = await this.db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.accId, accId));
    return row?.timeZone ?? 'Europe/Moscow';
  }

  // Phones of the branch that a send-out message left to in [from, to); without bounds, ever.
  async phonesSentTo(accId: number, window?: { from: Date; to: Date }): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ phone: sendoutRecipients.phone })
      .from(sendoutRecipients)
      .where(
        and(
          eq(sendoutRecipients.accId, accId),
          window
            ? sql`${sendoutRecipients.sentAt} >= ${window.from.toISOString()}::timestamptz
                and ${sendoutRecipients.sentAt} < ${window.to.toISOString()}::timestamptz`
            : sql`${sendoutRecipients.sentAt} is not null`,
        ),
      );
    return new Set(rows.map((r) => r.phone));
  }
}
