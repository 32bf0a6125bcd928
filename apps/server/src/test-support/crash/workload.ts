import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { ChannelKind } from '../../channels/channel.js';
import { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';
import { ChannelRepository } from '../../channels/repository.js';
import { outbox } from '../../channels/schema.js';
import type { Clock } from '../../platform/clock.js';

// The branches of the demo seed that carry the load, each on its own sandbox numbers: two branches
// on one messenger each, and a third whose messages cascade over three channels (WhatsApp, which
// its clients are not on, then the MAX bot for those who opted in, then SMS for the rest).
export const CRASH_LINKS: { accId: number; kind: ChannelKind; phone: string }[] = [
  { accId: 1001, kind: 'whatsapp', phone: '79160000011' },
  { accId: 1002, kind: 'telegram', phone: '79160000021' },
  { accId: 1003, kind: 'whatsapp', phone: '79160000031' },
];
const CASCADE_BRANCH = 1003;
const CASCADE_BOT_TOKEN = 'crashtest_max_bot_token_0123456789';

function branchOf(i: number): number {
  return [1001, 1002, CASCADE_BRANCH][i % 3]!;
}

// The cascade branch's clients end in 0001 (the sandbox has them on Telegram only, so WhatsApp
// refuses them); every other recipient ends in 7, on every messenger.
export function crashRecipient(i: number): string {
  return branchOf(i) === CASCADE_BRANCH ? `7${String(i).padStart(6, '0')}0001` : `79${String(i).padStart(8, '0')}7`;
}

// Half of the cascade branch's clients started its MAX bot and shared their phone.
function optedIn(i: number): boolean {
  return branchOf(i) === CASCADE_BRANCH && Math.floor(i / 3) % 2 === 0;
}

// The MAX bot and SMS of the cascade branch, and its opted-in clients as the opt-in leaves them: on
// the network (the phone's Start and contact, already taken by the session) and in the core's
// client_channels (linked at the phone as its address, the sandbox's user id).
async function prepareCascade(db: Db, network: SandboxNetwork, channels: ChannelRepository, now: Date, count: number) {
  const max = await channels.ensureInstance(CASCADE_BRANCH, 'max', 'sandbox', now);
  const account = await network.linkBot(max.id, 'max', CASCADE_BOT_TOKEN);
  await channels.saveStatus(max.id, 'authenticated', null, account.phone, now);
  const sms = await channels.ensureInstance(CASCADE_BRANCH, 'sms', 'sandbox', now);
  await channels.saveStatus(sms.id, 'authenticated', null, null, now);
  const phones = Array.from({ length: count }, (_, i) => i)
    .filter(optedIn)
    .map(crashRecipient);
  const at = now.toISOString();
  for (let from = 0; from < phones.length; from += 1000) {
    const chunk = phones.slice(from, from + 1000);
    const actions = chunk.flatMap((phone) => [
      sql`(${max.id}, 'max', 'from_client', ${`crash-start:${phone}`}, ${phone}, '/start', ${JSON.stringify({ start: null })}::jsonb, 'taken', ${at}::timestamptz)`,
      sql`(${max.id}, 'max', 'from_client', ${`crash-contact:${phone}`}, ${phone}, ${`+${phone}`}, ${JSON.stringify({ contact: phone })}::jsonb, 'taken', ${at}::timestamptz)`,
    ]);
    await db.execute(sql`insert into sandbox_messages (instance_id, kind, direction, client_key, phone, body, meta, status, created_at)
      values ${sql.join(actions, sql`, `)}`);
    const links = chunk.map(
      (phone) => sql`(${CASCADE_BRANCH}, ${phone}, 'max', 'linked', ${phone}, ${at}::timestamptz)`,
    );
    await db.execute(sql`insert into client_channels (acc_id, phone, kind, state, address, updated_at)
      values ${sql.join(links, sql`, `)}`);
  }
}

// Links the sandbox numbers as a session would report them and writes `count` due outbox rows with
// unique idempotency keys. Nothing schedules them: the server's sweep finds due pending rows.
export async function prepareCrashWorkload(db: Db, clock: Clock, count: number): Promise<void> {
  const channels = new ChannelRepository(db);
  const network = new SandboxNetwork(db, clock, { deliveryMs: 0 });
  const now = clock.now();
  for (const link of CRASH_LINKS) {
    const instance = await channels.ensureInstance(link.accId, link.kind, 'sandbox', now);
    await network.link(instance.id, link.kind, link.phone);
    // What the session reports when it opens on a linked account; the dispatcher needs it at once.
    await channels.saveStatus(instance.id, 'authenticated', null, link.phone, now);
  }
  await prepareCascade(db, network, channels, now, count);
  const chunk = 1000;
  for (let from = 0; from < count; from += chunk) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + chunk); i++) {
      rows.push({
        accId: branchOf(i),
        idempotencyKey: `crash:${i}`,
        source: 'test',
        sourceId: null,
        recipient: crashRecipient(i),
        clientName: null,
        body: `Crash test message ${i}`,
        media: null,
        channels: null,
        notBefore: now,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
    }
    await db.insert(outbox).values(rows);
  }
}

export interface CrashCounts {
  outbox: number;
  // The cascade branch's rows by the channel that carried them, and whether each went where it
  // should: the MAX bot for opted-in clients, SMS for the others, never WhatsApp.
  cascade: { byChannel: Record<string, number>; misrouted: number };
  // Status → rows.
  statuses: Record<string, number>;
  // Sent, delivered or read.
  sentOrBetter: number;
  sandboxToClient: number;
}

// The workload's rows only: the demo seed has outbox rows of its own (a template history).
const CRASH_ROWS = sql.raw(`idempotency_key like 'crash:%'`);

export async function crashCounts(db: Db): Promise<CrashCounts> {
  const statuses = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from outbox where ${CRASH_ROWS} group by status`,
  );
  const sandbox = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sandbox_messages where direction = 'to_client'`,
  );
  const cascade = await queryRows<{ channel_kind: string | null; linked: boolean; n: number }>(
    db,
    sql`select o.channel_kind, exists (select 1 from client_channels cc where cc.acc_id = o.acc_id
          and cc.phone = o.recipient and cc.kind = 'max' and cc.state = 'linked') as linked, count(*)::int as n
        from outbox o where o.acc_id = ${CASCADE_BRANCH} and o.${CRASH_ROWS}
        group by 1, 2`,
  );
  const byChannel: Record<string, number> = {};
  let misrouted = 0;
  for (const c of cascade) {
    const channel = c.channel_kind ?? 'none';
    byChannel[channel] = (byChannel[channel] ?? 0) + Number(c.n);
    if (channel !== (c.linked ? 'max' : 'sms')) misrouted += Number(c.n);
  }
  const byStatus = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
  const sentOrBetter = ['sent', 'delivered', 'read'].reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
  return {
    outbox: statuses.reduce((sum, s) => sum + Number(s.n), 0),
    cascade: { byChannel, misrouted },
    statuses: byStatus,
    sentOrBetter,
    sandboxToClient: Number(sandbox[0]?.n ?? 0),
  };
}

export interface CrashAudit extends CrashCounts {
  // Client keys the network holds more than once (the unique index should make this impossible).
  duplicateKeys: number;
  // Outbox rows that reached the network more than once (under any channel's key).
  rowsSentTwice: number;
  // Outbox rows that are sent-or-better but never reached the network.
  sentButMissing: number;
  // Network messages whose key names no outbox row, or a kind other than the row's channel.
  strayMessages: number;
  // Sent rows whose provider message id is not the network's id for the row's key.
  providerIdMismatch: number;
  // Outbox rows with more than one bot message in the chat history.
  rowsWithTwoBotMessages: number;
  // Sent rows without their bot message in the chat history (a crash between the two writes).
  sentWithoutBotMessage: number;
  // Network messages delivered to the phone whose outbox row never learnt it (a lost ack).
  deliveredNotAcked: number;
  // Of those: delivered even before the dispatcher took its 'sent' timestamp, so the ack reached the
  // row while it was still 'sending' (claimed by a killed worker whose send had reached the network).
  ackBeforeSent: number;
  // When the network delivered each message whose ack was lost (ms since the epoch).
  lostAckTimes: number[];
  // The first few violations, readable.
  examples: string[];
}

const KEY = /^outbox:(\d+):(whatsapp|telegram|tg_bot|max|sms)$/;

// Everything the crash test asserts, in the database after the run.
export async function auditCrashRun(db: Db): Promise<CrashAudit> {
  const counts = await crashCounts(db);
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
  const duplicateKeys = await one(sql`
    select count(*)::int as n from (
      select client_key from sandbox_messages where direction = 'to_client'
      group by instance_id, client_key having count(*) > 1) d`);
  const messages = await queryRows<{
    id: string;
    client_key: string;
    kind: string;
    status: string;
    delivered_ms: string | null;
  }>(
    db,
    sql`select id::text as id, client_key, kind, status,
               (extract(epoch from delivered_at) * 1000)::bigint::text as delivered_ms
        from sandbox_messages where direction = 'to_client'`,
  );
  const rows = await queryRows<{
    id: string;
    status: string;
    channel_kind: string | null;
    provider_message_id: string | null;
    sent_ms: string | null;
  }>(
    db,
    sql`select id::text as id, status, channel_kind, provider_message_id,
               (extract(epoch from sent_at) * 1000)::bigint::text as sent_ms
        from outbox where ${CRASH_ROWS}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const perRow = new Map<string, { id: string; kind: string; status: string; deliveredMs: number | null }[]>();
  let strayMessages = 0;
  const examples: string[] = [];
  for (const m of messages) {
    const match = KEY.exec(m.client_key);
    const row = match ? byId.get(match[1]!) : undefined;
    if (!match || !row) {
      strayMessages += 1;
      if (examples.length < 10) examples.push(`stray network message ${m.id} key ${m.client_key}`);
      continue;
    }
    const list = perRow.get(row.id) ?? [];
    list.push({
      id: m.id,
      kind: match[2]!,
      status: m.status,
      deliveredMs: m.delivered_ms === null ? null : Number(m.delivered_ms),
    });
    perRow.set(row.id, list);
  }
  let rowsSentTwice = 0;
  let sentButMissing = 0;
  let providerIdMismatch = 0;
  let deliveredNotAcked = 0;
  let ackBeforeSent = 0;
  const lostAckTimes: number[] = [];
  for (const row of rows) {
    const sent = perRow.get(row.id) ?? [];
    if (sent.length > 1) {
      rowsSentTwice += 1;
      if (examples.length < 10)
        examples.push(`outbox ${row.id} reached the network ${sent.length} times: ${JSON.stringify(sent)}`);
    }
    const better = row.status === 'sent' || row.status === 'delivered' || row.status === 'read';
    if (better && sent.length === 0) {
      sentButMissing += 1;
      if (examples.length < 10) examples.push(`outbox ${row.id} is ${row.status} but the network has no message`);
    }
    const mine = sent.find((s) => s.kind === row.channel_kind);
    if (better && sent.length > 0 && (!mine || mine.id !== row.provider_message_id)) {
      providerIdMismatch += 1;
      if (examples.length < 10)
        examples.push(
          `outbox ${row.id} records ${row.channel_kind}/${row.provider_message_id}, network has ${JSON.stringify(sent)}`,
        );
    }
    if (row.status === 'sent' && mine && (mine.status === 'delivered' || mine.status === 'read')) {
      deliveredNotAcked += 1;
      if (mine.deliveredMs !== null) lostAckTimes.push(mine.deliveredMs);
      if (mine.deliveredMs !== null && row.sent_ms !== null && mine.deliveredMs < Number(row.sent_ms))
        ackBeforeSent += 1;
    }
  }
  const rowsWithTwoBotMessages = await one(sql`
    select count(*)::int as n from (
      select c.outbox_id from chat_messages c join outbox o on o.id = c.outbox_id
      where c.direction = 'bot' and o.${CRASH_ROWS}
      group by c.outbox_id having count(*) > 1) d`);
  const sentWithoutBotMessage = await one(sql`
    select count(*)::int as n from outbox o
    where o.status in ('sent', 'delivered', 'read') and o.${CRASH_ROWS}
      and not exists (select 1 from chat_messages c where c.direction = 'bot' and c.outbox_id = o.id)`);
  return {
    ...counts,
    duplicateKeys,
    rowsSentTwice,
    sentButMissing,
    strayMessages,
    providerIdMismatch,
    rowsWithTwoBotMessages,
    sentWithoutBotMessage,
    deliveredNotAcked,
    ackBeforeSent,
    lostAckTimes,
    examples,
  };
}

// Messages the network accepted per second, over a window, from the network's own timestamps.
export async function networkTimeline(db: Db): Promise<number[]> {
  const rows = await queryRows<{ ms: string }>(
    db,
    sql`select (extract(epoch from created_at) * 1000)::bigint::text as ms from sandbox_messages where direction = 'to_client' order by created_at`,
  );
  return rows.map((r) => Number(r.ms));
}
