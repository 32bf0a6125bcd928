import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branchMembers, users } from '../../platform/db/schema.js';
import { accessChanges } from './schema.js';

export type MemberRow = typeof branchMembers.$inferSelect;
export type AccessChangeRow = typeof accessChanges.$inferSelect;
export type NewAccessChange = Omit<typeof accessChanges.$inferInsert, 'id'>;

export class AccessesRepository {
  constructor(private readonly db: Db) {}

  async members(accId: number): Promise<MemberRow[]> {
    return this.db
      .select()
      .from(branchMembers)
      .where(eq(branchMembers.accId, accId))
      .orderBy(asc(branchMembers.createdAt), asc(branchMembers.userId));
  }

  async member(accId: number, userId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(branchMembers)
      .where(and(eq(branchMembers.accId, accId), eq(branchMembers.userId, userId)));
    return row;
  }

  async changes(accId: number, userIds: number[]): Promise<AccessChangeRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(accessChanges)
      .where(and(eq(accessChanges.accId, accId), inArray(accessChanges.userId, userIds)))
      .orderBy(asc(accessChanges.at), asc(accessChanges.id));
  }

  // The member, their user row when new, and the log entry are written together or not at all.
  async add(
    member: { accId: number; userId: number; name: string; rights: string[]; active: boolean },
    change: NewAccessChange,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.insert(users).values({ telegramId: member.userId, name: member.name }).onConflictDoNothing();
      const inserted = await tx
        .insert(branchMembers)
        .values({ ...member, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: branchMembers.userId });
      if (inserted.length === 0) return false;
      await tx.insert(accessChanges).values(change);
      return true;
    });
  }

  async update(
    accId: number,
    userId: number,
    patch: Partial<Pick<MemberRow, 'name' | 'rights' | 'active'>>,
    changes: NewAccessChange[],
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(branchMembers)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(branchMembers.accId, accId), eq(branchMembers.userId, userId)));
      if (changes.length > 0) await tx.insert(accessChanges).values(changes);
    });
  }

  async remove(accId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(branchMembers)
      .where(and(eq(branchMembers.accId, accId), eq(branchMembers.userId, userId)))
      .returning({ userId: branchMembers.userId });
    return rows.length > 0;
  }
}
