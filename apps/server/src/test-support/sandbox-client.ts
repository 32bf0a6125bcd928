import { and, desc, eq } from 'drizzle-orm';
import { sandboxMessages } from '../channels/drivers/sandbox/schema.js';
import type { TestApp } from './harness.js';
import { until } from './until.js';

export interface ClientMessage {
  phone: string;
  text: string;
  // The branch's channel instance the client writes to (`whatsapp-<acc_id>` for the sandbox).
  instance: string;
  name?: string;
}

// A client writes on the sandbox network; resolves once the channel has stored the message and run
// the reply chain over it (its sandbox row is 'taken'), so whatever the chain answers at once is
// there to check.
export async function clientWrites(app: TestApp, message: ClientMessage): Promise<void> {
  const db = app.runtime.database.db;
  const { phone, text } = message;
  await app.runtime.channels.sandbox.clientReply(phone, text, message.name ?? 'Анна', message.instance);
  const [sent] = await db
    .select({ id: sandboxMessages.id })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.phone, phone), eq(sandboxMessages.body, text)))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  if (!sent) throw new Error(`the sandbox did not store the message of ${phone}`);
  await until(async () => {
    const [row] = await db
      .select({ status: sandboxMessages.status })
      .from(sandboxMessages)
      .where(eq(sandboxMessages.id, sent.id));
    return row?.status === 'taken';
  });
}
