import { and, eq } from 'drizzle-orm';
import type { Executor } from './executor.js';
import { branchMembers, users } from './schema.js';

export interface MemberChat {
  // A member's Telegram id is the chat the admin bot writes to.
  chatId: number;
  lang: string;
}

// The active members of a branch (active users too) holding any of `rights`, each with the language
// their messages are written in. Every module that tells a branch's people something through the
// admin bot (payments' dunning, the AI administrator's alerts, loyalty's invites, stalled send-outs)
// picks its audience here, so "who is told" means the same everywhere.
export async function memberChats(db: Executor, accId: number, rights: readonly string[]): Promise<MemberChat[]> {
  const rows = await db
    .select({ id: branchMembers.userId, rights: branchMembers.rights, lang: users.lang })
    .from(branchMembers)
    .innerJoin(users, eq(users.telegramId, branchMembers.userId))
    .where(and(eq(branchMembers.accId, accId), eq(branchMembers.active, true), eq(users.active, true)))
    .orderBy(branchMembers.userId);
  return rows
    .filter((r) => r.rights.some((right) => rights.includes(right)))
    .map((r) => ({ chatId: r.id, lang: r.lang }));
}
