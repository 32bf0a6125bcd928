import { and, asc, count, desc, eq, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { aiKnowledgeChunks, aiKnowledgeFiles } from '../schema.js';

export type KnowledgeFileRow = typeof aiKnowledgeFiles.$inferSelect;
export type NewKnowledgeFile = Pick<
  typeof aiKnowledgeFiles.$inferInsert,
  'accId' | 'fileName' | 'extension' | 'size' | 'rawPath' | 'createdAt' | 'updatedAt'
>;

// Files in these states take no space from the branch's total (SPEC 3 Total size).
const FREE_STATES = ['error', 'deleted'];
// States a processing run may still write over; a file deleted (or failed) meanwhile is left alone.
const RUNNING = ['convert', 'vectorize'];
const INSERT_BATCH = 500;

// SQL of the knowledge files and their passages. No rules here: the service checks and maps.
export class KnowledgeRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<{ sendOutAccount: boolean; paid: boolean } | null> {
    const [row] = await this.db
      .select({ sendOutAccount: branches.sendOutAccount, paid: branches.showNeiroInterface })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // The branch's files, newest first, without the deleted ones; `total` counts them all.
  async list(accId: number, limit: number, skip: number): Promise<{ rows: KnowledgeFileRow[]; total: number }> {
    const where = and(eq(aiKnowledgeFiles.accId, accId), ne(aiKnowledgeFiles.state, 'deleted'));
    const rows = await this.db
      .select()
      .from(aiKnowledgeFiles)
      .where(where)
      .orderBy(desc(aiKnowledgeFiles.createdAt), desc(aiKnowledgeFiles.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.db.select({ n: count() }).from(aiKnowledgeFiles).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async get(accId: number, id: number): Promise<KnowledgeFileRow | null> {
    const [row] = await this.db
      .select()
      .from(aiKnowledgeFiles)
      .where(and(eq(aiKnowledgeFiles.id, id), eq(aiKnowledgeFiles.accId, accId)));
    return row ?? null;
  }

  async usedBytes(accId: number, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ bytes: sql<string>`coalesce(sum(${aiKnowledgeFiles.size}), 0)` })
      .from(aiKnowledgeFiles)
      .where(and(eq(aiKnowledgeFiles.accId, accId), notInArray(aiKnowledgeFiles.state, FREE_STATES)));
    return Number(row?.bytes ?? 0);
  }

  // Inserts the file unless it would take the branch past `maxBytes`. The branch row is locked, so
  // two uploads at once cannot both squeeze into the last free space.
  async insertWithinTotal(file: NewKnowledgeFile, maxBytes: number): Promise<KnowledgeFileRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ accId: branches.accId }).from(branches).where(eq(branches.accId, file.accId)).for('update');
      if ((await this.usedBytes(file.accId, tx)) + file.size > maxBytes) return null;
      const [row] = await tx.insert(aiKnowledgeFiles).values(file).returning();
      return row!;
    });
  }

  // Soft delete (SPEC 4): the row stays as 'deleted', its passages and text go. Answers the row as it
  // was before, so the caller can remove the stored bytes; null when there was no such live file.
  async softDelete(accId: number, id: number, now: Date): Promise<KnowledgeFileRow | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(aiKnowledgeFiles)
        .where(
          and(eq(aiKnowledgeFiles.id, id), eq(aiKnowledgeFiles.accId, accId), ne(aiKnowledgeFiles.state, 'deleted')),
        )
        .for('update');
      if (!before) return null;
      await tx.delete(aiKnowledgeChunks).where(eq(aiKnowledgeChunks.fileId, id));
      await tx
        .update(aiKnowledgeFiles)
        .set({ state: 'deleted', text: null, rawPath: null, chunkCount: 0, deletedAt: now, updatedAt: now })
        .where(eq(aiKnowledgeFiles.id, id));
      return before;
    });
  }

  async setSummary(accId: number, id: number, summary: string, now: Date): Promise<KnowledgeFileRow | null> {
    const [row] = await this.db
      .update(aiKnowledgeFiles)
      .set({ summary, summaryEdited: true, updatedAt: now })
      .where(and(eq(aiKnowledgeFiles.id, id), eq(aiKnowledgeFiles.accId, accId), ne(aiKnowledgeFiles.state, 'deleted')))
      .returning();
    return row ?? null;
  }

  // --- Processing ---

  // Takes a file for processing: one never started, or one whose run went quiet before
  // `staleBefore` (its worker died). A file whose text was kept resumes after the conversion.
  async claim(id: number, now: Date, staleBefore: Date): Promise<KnowledgeFileRow | null> {
    const f = aiKnowledgeFiles;
    const [row] = await this.db
      .update(f)
      .set({
        state: 'convert',
        stage: sql`case when ${f.text} is null then 'convert' else 'summarize' end`,
        updatedAt: now,
      })
      .where(and(eq(f.id, id), or(eq(f.state, 'upload'), and(inArray(f.state, RUNNING), lt(f.updatedAt, staleBefore)))))
      .returning();
    return row ?? null;
  }

  // Files to process: never started, or gone quiet (oldest first).
  async pending(staleBefore: Date, limit: number): Promise<number[]> {
    const f = aiKnowledgeFiles;
    const rows = await this.db
      .select({ id: f.id })
      .from(f)
      .where(or(eq(f.state, 'upload'), and(inArray(f.state, RUNNING), lt(f.updatedAt, staleBefore))))
      .orderBy(asc(f.updatedAt), asc(f.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // One stage's result; false when the file left processing meanwhile (deleted).
  private async advance(id: number, set: PgUpdateSetSource<typeof aiKnowledgeFiles>): Promise<boolean> {
    const rows = await this.db
      .update(aiKnowledgeFiles)
      .set(set)
      .where(and(eq(aiKnowledgeFiles.id, id), inArray(aiKnowledgeFiles.state, RUNNING)))
      .returning({ id: aiKnowledgeFiles.id });
    return rows.length > 0;
  }

  saveText(id: number, text: string, now: Date): Promise<boolean> {
    return this.advance(id, { text, stage: 'summarize', updatedAt: now });
  }

  // The owner's own summary is kept.
  saveSummary(id: number, summary: string, now: Date): Promise<boolean> {
    const f = aiKnowledgeFiles;
    return this.advance(id, {
      summary: sql`case when ${f.summaryEdited} then ${f.summary} else ${summary} end`,
      state: 'vectorize',
      stage: 'vectorize',
      updatedAt: now,
    });
  }

  fail(id: number, code: string, now: Date): Promise<boolean> {
    return this.advance(id, { state: 'error', error: code, chunkCount: 0, updatedAt: now });
  }

  // The passages replace whatever an earlier run left, and the file turns ready, in one
  // transaction; nothing is written when the file was deleted meanwhile.
  async saveChunks(id: number, accId: number, bodies: string[], now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(aiKnowledgeFiles)
        .set({ state: 'ready', chunkCount: bodies.length, updatedAt: now })
        .where(and(eq(aiKnowledgeFiles.id, id), eq(aiKnowledgeFiles.state, 'vectorize')))
        .returning({ id: aiKnowledgeFiles.id });
      if (!row) return false;
      await tx.delete(aiKnowledgeChunks).where(eq(aiKnowledgeChunks.fileId, id));
      for (let start = 0; start < bodies.length; start += INSERT_BATCH) {
        await tx
          .insert(aiKnowledgeChunks)
          .values(
            bodies.slice(start, start + INSERT_BATCH).map((body, i) => ({ accId, fileId: id, ord: start + i, body })),
          );
      }
      return true;
    });
  }

  // Fresh planner statistics after a file's passages changed. PGlite has no autovacuum, and with the
  // defaults the planner misjudges how many passages a branch has and skips the full-text index.
  async analyzeChunks(): Promise<void> {
    await this.db.execute(sql`analyze ai_knowledge_chunks`);
  }
}
