import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branches, branchMembers, users } from '../../platform/db/schema.js';
import { aiAgents } from './schema.js';

export interface AgentBranch {
  sendOutAccount: boolean;
  // SPEC 6 showNeiroInterface: the AI module is paid for the branch.
  paid: boolean;
}

// A branch the settings may be copied to, as the caller sees it.
export interface CopyTarget extends AgentBranch {
  accId: number;
  rights: string[] | null;
  memberActive: boolean;
}

// SQL of the AI agents' settings. No rules here: the service validates and merges; the settings are
// handed out raw (unknown) for the service to re-read through the contract.
export class AiAgentsRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<AgentBranch | null> {
    const [row] = await this.db
      .select({ sendOutAccount: branches.sendOutAccount, paid: branches.showNeiroInterface })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // The stored settings document, or null when the branch never saved any.
  async settings(accId: number): Promise<unknown> {
    const [row] = await this.db.select({ settings: aiAgents.settings }).from(aiAgents).where(eq(aiAgents.accId, accId));
    return row ? row.settings : null;
  }

  // Writes the same settings to every branch in one transaction (all or nothing).
  async save(accIds: readonly number[], settings: unknown, now: Date): Promise<void> {
    if (accIds.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(aiAgents)
        .values(accIds.map((accId) => ({ accId, settings, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({ target: aiAgents.accId, set: { settings, updatedAt: now } });
    });
  }

  async copyTargets(userId: number, accIds: readonly number[]): Promise<CopyTarget[]> {
    if (accIds.length === 0) return [];
    const rows = await this.db
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
}
