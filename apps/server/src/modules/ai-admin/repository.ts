import { and, eq, inArray } from 'drizzle-orm';
import { copyTargets, type CopyTarget } from '../../platform/db/copy-targets.js';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../../platform/db/schema.js';
import { aiAgents, aiKnowledgeFiles } from './schema.js';

export interface AgentBranch {
  sendOutAccount: boolean;
  // SPEC 6 showNeiroInterface: the AI module is paid for the branch.
  paid: boolean;
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

  // Writes the same settings to every branch in one transaction (all or nothing). Saving applies
  // the branches' knowledge files too (SPEC 4: the unsaved-file flag clears after a settings save).
  async save(accIds: readonly number[], settings: unknown, now: Date): Promise<void> {
    if (accIds.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(aiAgents)
        .values(accIds.map((accId) => ({ accId, settings, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({ target: aiAgents.accId, set: { settings, updatedAt: now } });
      await tx
        .update(aiKnowledgeFiles)
        .set({ applied: true })
        .where(and(inArray(aiKnowledgeFiles.accId, [...accIds]), eq(aiKnowledgeFiles.applied, false)));
    });
  }

  copyTargets(userId: number, accIds: readonly number[]): Promise<CopyTarget[]> {
    return copyTargets(this.db, userId, accIds);
  }
}
