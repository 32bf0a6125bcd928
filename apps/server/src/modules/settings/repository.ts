import { eq, sql, type SQL } from 'drizzle-orm';
import type { RecipientPolicy, SendingSettingsSql } from '../../channels/dispatch/recipient-policy.js';
import type { Db } from '../../platform/db/client.js';
import { channelInstances } from '../../channels/schema.js';
import { branches } from '../../platform/db/schema.js';
import { branchSettings, sendingSettings } from './schema.js';

export type BranchSettingsRow = typeof branchSettings.$inferSelect;
export type SendingSettingsRow = typeof sendingSettings.$inferSelect;
type BranchSettingsPatch = Partial<Omit<typeof branchSettings.$inferInsert, 'accId'>>;
type SendingSettingsPatch = Partial<Omit<typeof sendingSettings.$inferInsert, 'accId'>>;

// The branch's sending settings as SQL other statements embed (the dispatcher's claim, the template
// engine, the calendar): one scalar read per column, null when the branch saved none. `accId` is
// SQL for the outer statement's branch id. This module owns the table; the SQL reading it lives here.
export function sendingSettingsSql(accId: SQL): SendingSettingsSql {
  const column = <T>(name: string) =>
    sql<T | null>`(select s.${sql.identifier(name)} from ${sendingSettings} s where s.acc_id = ${accId})`;
  // Arrays decode as the columns do (a driver may hand back the text form).
  const array = (
    name: string,
    decoder: typeof sendingSettings.channelOrder | typeof sendingSettings.exceptionMastersNames,
  ) =>
    column<string[]>(name).mapWith(decoder) as SQL<string[] | null>;
  return {
    sendFrom: column<string>('send_from'),
    sendTo: column<string>('send_to'),
    channelOrder: array('channel_order', sendingSettings.channelOrder),
    softPriority: column<boolean>('soft_priority'),
    exceptionMastersNames: array('exception_masters_names', sendingSettings.exceptionMastersNames),
  };
}

// The dispatcher's part of it (channels/dispatch/recipient-policy.ts).
export function sendingSettingsPolicy(): Pick<RecipientPolicy, 'sendingSettings'> {
  return { sendingSettings: sendingSettingsSql };
}

// Rows of a branch that has never saved a form do not exist; reads fall back to the column defaults.
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async branchSettings(accId: number): Promise<BranchSettingsRow> {
    const [row] = await this.db.select().from(branchSettings).where(eq(branchSettings.accId, accId));
    if (row) return row;
    const [created] = await this.db.insert(branchSettings).values({ accId }).onConflictDoNothing().returning();
    return created ?? (await this.branchSettings(accId));
  }

  async saveBranchSettings(accId: number, patch: BranchSettingsPatch, now: Date): Promise<BranchSettingsRow> {
    const [row] = await this.db
      .insert(branchSettings)
      .values({ accId, ...patch, updatedAt: now })
      .onConflictDoUpdate({ target: branchSettings.accId, set: { ...patch, updatedAt: now } })
      .returning();
    return row!;
  }

  async sendingSettings(accId: number): Promise<SendingSettingsRow> {
    const [row] = await this.db.select().from(sendingSettings).where(eq(sendingSettings.accId, accId));
    if (row) return row;
    const [created] = await this.db.insert(sendingSettings).values({ accId }).onConflictDoNothing().returning();
    return created ?? (await this.sendingSettings(accId));
  }

  async saveSendingSettings(accId: number, patch: SendingSettingsPatch): Promise<SendingSettingsRow> {
    const [row] = await this.db
      .insert(sendingSettings)
      .values({ accId, ...patch })
      .onConflictDoUpdate({ target: sendingSettings.accId, set: patch })
      .returning();
    return row!;
  }

  // Messenger instances of the branch with what the priority page needs to know about them.
  async messengerStates(accId: number): Promise<{ kind: string; status: string; everConnected: boolean }[]> {
    const rows = await this.db
      .select({
        kind: channelInstances.kind,
        status: channelInstances.status,
        firstConnectedAt: channelInstances.firstConnectedAt,
      })
      .from(channelInstances)
      .where(eq(channelInstances.accId, accId));
    return rows.map((r) => ({ kind: r.kind, status: r.status, everConnected: r.firstConnectedAt !== null }));
  }

  async branchName(accId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: branches.name }).from(branches).where(eq(branches.accId, accId));
    return row?.name ?? null;
  }

  // Points the branch's SMS instance at a provider with new credentials. The generation bump makes
  // the process holding the session reopen it with them.
  async configureSmsInstance(
    instanceId: string,
    patch: { provider: string; credentials: string | null; status: string; statusReason: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(channelInstances)
      .set({
        ...patch,
        generation: sql`${channelInstances.generation} + 1`,
        updatedAt: now,
        ...(patch.status === 'authenticated'
          ? { firstConnectedAt: sql`coalesce(${channelInstances.firstConnectedAt}, ${now.toISOString()}::timestamptz)` }
          : {}),
      })
      .where(eq(channelInstances.id, instanceId));
  }
}
