import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { feedbackMessages, integratorRequests } from './schema.js';

export interface NewFeedback {
  userId: number;
  accId: number | null;
  branchName: string;
  text: string;
  topic: string | null;
  rate: number | null;
  file: { name: string; type: string; path: string; size: number } | null;
  createdAt: Date;
}

export type FeedbackOutcome = 'forwarded' | 'failed' | 'stored';
export type IntegratorOutcome = 'sent' | 'failed' | 'stored';

// The support module's rows: integrator requests and cabinet feedback, each kept first and then
// marked with what forwarding it did.
export class SupportRepository {
  constructor(private readonly db: Db) {}

  async insertIntegratorRequest(userId: number, accId: number, payload: unknown, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(integratorRequests)
      .values({ userId, accId, payload, status: 'pending', createdAt: now })
      .returning({ id: integratorRequests.id });
    return row!.id;
  }

  async markIntegratorRequest(id: number, status: IntegratorOutcome, error: string | null, at: Date): Promise<void> {
    await this.db
      .update(integratorRequests)
      .set({
        status,
        error,
        attempts: status === 'stored' ? integratorRequests.attempts : sql`${integratorRequests.attempts} + 1`,
        sentAt: status === 'sent' ? at : null,
      })
      .where(eq(integratorRequests.id, id));
  }

  async insertFeedback(row: NewFeedback): Promise<number> {
    const [inserted] = await this.db
      .insert(feedbackMessages)
      .values({
        userId: row.userId,
        accId: row.accId,
        branchName: row.branchName,
        text: row.text,
        topic: row.topic,
        rate: row.rate,
        fileName: row.file?.name ?? null,
        fileType: row.file?.type ?? null,
        filePath: row.file?.path ?? null,
        fileSize: row.file?.size ?? null,
        status: 'pending',
        createdAt: row.createdAt,
      })
      .returning({ id: feedbackMessages.id });
    return inserted!.id;
  }

  async markFeedback(id: number, status: FeedbackOutcome, error: string | null, at: Date): Promise<void> {
    await this.db
      .update(feedbackMessages)
      .set({ status, error, forwardedAt: status === 'forwarded' ? at : null })
      .where(eq(feedbackMessages.id, id));
  }
}
