import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import { branches, branchMembers, users } from '../../platform/db/schema.js';

export interface NewSendOutBranch {
  name: string;
  timeZone: string;
}

// The tenancy rows a send-out form creates (platform tables: a user, a branch, its owner). Every
// method takes the caller's transaction: nothing is written unless the whole form is.
export class OnboardingRepository {
  // One form of a Telegram id at a time: a double click or two tabs wait for each other, and the
  // second sees the branch the first made.
  async lockTelegramId(tx: Db, telegramId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`onboarding:${telegramId}`}))`);
  }

  // A new user keeps the name the form gives; one who signed up before keeps theirs.
  async ensureUser(tx: Db, telegramId: number, name: string): Promise<void> {
    await tx.insert(users).values({ telegramId, name }).onConflictDoNothing({ target: users.telegramId });
  }

  // The send-out branches the user owns, oldest first.
  async ownedSendOutBranches(tx: Db, telegramId: number): Promise<number[]> {
    const rows = await tx
      .select({ accId: branches.accId })
      .from(branchMembers)
      .innerJoin(branches, eq(branches.accId, branchMembers.accId))
      .where(
        and(
          eq(branchMembers.userId, telegramId),
          eq(branchMembers.active, true),
          eq(branches.sendOutAccount, true),
          sql`'owner' = any(${branchMembers.rights})`,
        ),
      )
      .orderBy(asc(branches.accId));
    return rows.map((r) => r.accId);
  }

  // A send-out account has no booking CRM: its CRM company id is its own account id.
  async createSendOutBranch(tx: Db, branch: NewSendOutBranch, now: Date): Promise<number> {
    const [next] = await queryRows<{ id: number | string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('branches', 'acc_id')) as id`,
    );
    const accId = Number(next!.id);
    await tx.insert(branches).values({
      accId,
      branchId: accId,
      name: branch.name,
      timeZone: branch.timeZone,
      sendOutAccount: true,
      createdAt: now,
    });
    return accId;
  }

  async addOwner(tx: Db, accId: number, telegramId: number, name: string, now: Date): Promise<void> {
    await tx
      .insert(branchMembers)
      .values({ accId, userId: telegramId, name, rights: ['owner'], createdAt: now, updatedAt: now });
  }
}
