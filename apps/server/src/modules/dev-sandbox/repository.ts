import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { channelInstances } from '../../channels/schema.js';
import { sandboxAccounts, sandboxMessages } from '../../channels/drivers/sandbox/schema.js';
import type { SandboxMessage } from '../../channels/drivers/sandbox/network.js';

// The part of the simulated network one branch may see: its own channel instances' accounts and
// messages. The network itself knows no branches; the dev routes ask here first.
export class SandboxScopeRepository {
  constructor(private readonly db: Db) {}

  async instanceIds(accId: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: channelInstances.id })
      .from(channelInstances)
      .where(eq(channelInstances.accId, accId));
    return rows.map((r) => r.id);
  }

  async instanceOf(accId: number, kind: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ id: channelInstances.id })
      .from(channelInstances)
      .where(and(eq(channelInstances.accId, accId), eq(channelInstances.kind, kind)));
    return rows[0]?.id;
  }

  async messages(instanceIds: string[], limit: number, phone?: string): Promise<SandboxMessage[]> {
    if (instanceIds.length === 0) return [];
    const scope = inArray(sandboxMessages.instanceId, instanceIds);
    return this.db
      .select()
      .from(sandboxMessages)
      .where(phone ? and(scope, eq(sandboxMessages.phone, phone)) : scope)
      .orderBy(desc(sandboxMessages.id))
      .limit(limit);
  }

  // Whose QR (or pairing code) this is: a phone of one salon cannot link another salon's account.
  async qrOwner(qr: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ id: sandboxAccounts.instanceId })
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.qr, qr));
    return rows[0]?.id;
  }

  async pairingOwner(code: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ id: sandboxAccounts.instanceId })
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.pairingCode, normalPairingCode(code)));
    return rows[0]?.id;
  }

  // The branch's account that last wrote to this phone: the one a client's reply goes back to.
  async lastWriter(instanceIds: string[], phone: string): Promise<string | undefined> {
    if (instanceIds.length === 0) return undefined;
    const rows = await this.db
      .select({ id: sandboxMessages.instanceId })
      .from(sandboxMessages)
      .where(
        and(
          inArray(sandboxMessages.instanceId, instanceIds),
          eq(sandboxMessages.phone, phone),
          eq(sandboxMessages.direction, 'to_client'),
        ),
      )
      .orderBy(desc(sandboxMessages.id))
      .limit(1);
    return rows[0]?.id;
  }
}

// As the network reads a typed code: "ABCD-EFGH" and "abcd efgh" are the same code.
export function normalPairingCode(code: string): string {
  return code.replace(/[-\s]/g, '').toUpperCase();
}
