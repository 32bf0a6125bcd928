import { and, eq } from 'drizzle-orm';
import { isOwner } from '@salon/contract/rights';
import type { Db } from '../../platform/db/client.js';
import { branchMembers } from '../../platform/db/schema.js';

// Whether the user owns (or supports) at least one branch: the clock is the whole install's, not
// one branch's, so only someone answerable for a salon may move it.
export async function ownsABranch(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ rights: branchMembers.rights })
    .from(branchMembers)
    .where(and(eq(branchMembers.userId, userId), eq(branchMembers.active, true)));
  return rows.some((r) => isOwner(r.rights));
}
