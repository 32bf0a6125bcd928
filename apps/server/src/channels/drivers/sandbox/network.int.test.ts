import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { queryRows } from '../../../platform/db/client.js';
import { applyMigrations } from '../../../platform/db/migrate.js';
import { systemClock } from '../../../platform/clock.js';
import { SandboxNetwork } from './network.js';

// The network takes a burst of sends (one turn of the dispatcher) in one statement; each sender
// must still get what a lone send would get.
describe.each(DB_KINDS)('sandbox network, sends in one burst (%s)', (kind) => {
  let t: TestDatabase;
  let network: SandboxNetwork;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    network = new SandboxNetwork(t.database.db, systemClock, { deliveryMs: 60_000 });
    await network.link('wa-linked', 'whatsapp', '79160000011');
    await network.link('wa-banned', 'whatsapp', '79160000012');
    await network.setState('wa-banned', 'banned');
  });

  afterAll(async () => {
    await t?.drop();
  });

  const stored = (instanceId: string) =>
    queryRows<{ id: number; client_key: string; phone: string; body: string; status: string }>(
      t.database.db,
      sql`select id::int as id, client_key, phone, body, status from sandbox_messages
          where instance_id = ${instanceId} order by id`,
    );

  it('answers each sender with its own message, in the order sent, refusing only the refused', async () => {
    const results = await Promise.all([
      network.send('wa-linked', 'whatsapp', 'k1', '79161111111', 'first', null),
      network.send('wa-banned', 'whatsapp', 'k2', '79162222222', 'to a banned account', null),
      network.send('wa-linked', 'whatsapp', 'k3', '79163333333', 'second', { fileName: 'a.pdf' }),
      network.send('wa-linked', 'whatsapp', 'k4', '79164440000', 'not on WhatsApp', null),
      network.send('wa-never-linked', 'whatsapp', 'k5', '79165555555', 'no account', null),
      network.send('sms-1', 'sms', 'k6', '79166666666', 'an SMS needs no account', null),
    ]);
    const rows = await stored('wa-linked');
    expect(rows.map((r) => [r.client_key, r.body, r.status])).toEqual([
      ['k1', 'first', 'server'],
      ['k3', 'second', 'server'],
    ]);
    expect(results).toEqual([
      { id: rows[0]!.id },
      'banned',
      { id: rows[1]!.id },
      'not_on_channel',
      'not_connected',
      { id: (await stored('sms-1'))[0]!.id },
    ]);
    expect(await stored('wa-banned')).toEqual([]);
  });

  it('keeps one message per key, within a burst and across bursts', async () => {
    const [a, b] = await Promise.all([
      network.send('wa-linked', 'whatsapp', 'dup', '79167777777', 'once', null),
      network.send('wa-linked', 'whatsapp', 'dup', '79167777777', 'once', null),
    ]);
    const again = await network.send('wa-linked', 'whatsapp', 'dup', '79167777777', 'once', null);
    expect(a).toEqual(b);
    expect(again).toEqual(a);
    expect((await stored('wa-linked')).filter((r) => r.client_key === 'dup')).toHaveLength(1);
  });

  it('delivers a burst when its time comes', async () => {
    const network0 = new SandboxNetwork(t.database.db, systemClock, { deliveryMs: 0 });
    await network0.link('wa-now', 'whatsapp', '79160000013');
    const sent = await Promise.all(
      ['a', 'b', 'c'].map((k) => network0.send('wa-now', 'whatsapp', k, '79168888888', k, null)),
    );
    const ids = sent.map((s) => (typeof s === 'string' ? s : s.id));
    expect(await network0.deliverDue('wa-now')).toEqual(ids);
  });
});
