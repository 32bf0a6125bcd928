import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { branches, branchMembers, users } from './schema.js';

// A branch the caller asked to copy something into (a template, a loyalty action, AI settings), with
// the caller's membership there: the services decide from it whether the copy is allowed.
export interface CopyTarget {
  accId: number;
  sendOutAccount: boolean;
  // SPEC 6 showNeiroInterface: the AI module is paid for the branch.
  paid: boolean;
  // null: the caller is not a member.
  rights: string[] | null;
  memberActive: boolean;
}

export async function copyTargets(db: Db, userId: number, accIds: readonly number[]): Promise<CopyTarget[]> {
  if (accIds.length === 0) return [];
  const rows = await db
    .select({
      accId: branches.accId,
      sendOutAccount: branches.sendOutAccount,
      paid: branches.showNeiroInterface,
      rights: branchMembers.rights,
      memberActive: branchMembers.active,
      userActive: users.active,
    })
    .from(branches)
    .leftJoin(branchMembers, and(eq(branchMembers.accId, branches.accId), eq(branchMembers.userId, userId)))
    .leftJoin(users, eq(users.telegramId, branchMembers.userId))
    .where(inArray(branches.accId, [...accIds]));
  return rows.map((r) => ({
    accId: r.accId,
    sendOutAccount: r.sendOutAccount,
    paid: r.paid,
    rights: r.rights,
    memberActive: (r.memberActive ?? false) && (r.userActive ?? false),
  }));
}
