import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor.js';
import { memberChats, type MemberChat } from '../../platform/db/member-chats.js';
import { branches } from '../../platform/db/schema.js';
import { startPageRequests } from './schema.js';

export type StartPageRequestRow = typeof startPageRequests.$inferSelect;
export type NewStartPageRequest = Omit<typeof startPageRequests.$inferInsert, 'id'>;

// Who hears that a client asked to be called back: owners, and admins with all rights or notices.
const CALLBACK_RIGHTS = ['owner', 'all', 'notify'];

// SQL of the start page: the branch a link names, the requests, and who is told of a call-back.
export class StartPageRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): StartPageRepository {
    return new StartPageRepository(tx);
  }

  async branchName(accId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: branches.name }).from(branches).where(eq(branches.accId, accId));
    return row?.name ?? null;
  }

  // One submission of a phone to a branch at a time: a double click waits for the first and sees it.
  async lockPhone(accId: number, phone: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`start-page:${accId}:${phone}`}))`);
  }

  // The latest request of the phone with this method that started something since `after`.
  async recentRequest(
    accId: number,
    phone: string,
    method: string,
    after: Date,
  ): Promise<StartPageRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(startPageRequests)
      .where(
        and(
          eq(startPageRequests.accId, accId),
          eq(startPageRequests.phone, phone),
          eq(startPageRequests.communicationMethod, method),
          inArray(startPageRequests.status, ['started', 'callback']),
          gt(startPageRequests.createdAt, after),
        ),
      )
      .orderBy(desc(startPageRequests.createdAt), desc(startPageRequests.id))
      .limit(1);
    return row;
  }

  async insert(request: NewStartPageRequest): Promise<number> {
    const [row] = await this.db.insert(startPageRequests).values(request).returning({ id: startPageRequests.id });
    return row!.id;
  }

  async linkOutbox(id: number, outboxId: number): Promise<void> {
    await this.db.update(startPageRequests).set({ outboxId }).where(eq(startPageRequests.id, id));
  }

  async callbackChats(accId: number): Promise<MemberChat[]> {
    return memberChats(this.db, accId, CALLBACK_RIGHTS);
  }
}
