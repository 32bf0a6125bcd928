import { pino } from 'pino';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Logger } from '../../platform/logger.js';
import type { Ack, ChannelEvents, ChannelSession, InboundMessage } from '../../channels/channel.js';
import { FakeTelegramClient } from './fake-telegram-client.js';
import { telegramGramjsDriver } from '../../channels/drivers/telegram-gramjs/telegram-gramjs-driver.js';

// Test support: the real driver over a FakeTelegramClient, with every event it reports recorded.

export const API_ID = 12345;
export const API_HASH = '0123456789abcdef0123456789abcdef';
export const silentLogger: Logger = pino({ level: 'silent' });

export interface RecordedEvents {
  statuses: { status: ChannelStatus; reason?: string; phone?: string }[];
  qrs: { value: string; expiresAt: Date }[];
  credentials: string[];
  acks: { id: string; ack: Ack }[];
  inbound: InboundMessage[];
}

export function recordingEvents(): { events: ChannelEvents; recorded: RecordedEvents } {
  const recorded: RecordedEvents = { statuses: [], qrs: [], credentials: [], acks: [], inbound: [] };
  const events: ChannelEvents = {
    status: (status, detail) => recorded.statuses.push({ status, ...detail }),
    qr: (value, expiresAt) => recorded.qrs.push({ value, expiresAt }),
    credentials: (serialized) => recorded.credentials.push(serialized),
    ack: (id, ack) => {
      recorded.acks.push({ id, ack });
    },
    inbound: (message) => {
      recorded.inbound.push(message);
    },
    subscriber: () => Promise.resolve(null),
  };
  return { events, recorded };
}

export interface Opened {
  session: ChannelSession;
  client: FakeTelegramClient;
  recorded: RecordedEvents;
  // Every client the driver created (a reopen or an unreadable session makes more than one).
  clients: FakeTelegramClient[];
}

export async function openSession(
  options: {
    client?: (session: string) => FakeTelegramClient;
    credentials?: string | null;
    now?: () => Date;
  } = {},
): Promise<Opened> {
  const clients: FakeTelegramClient[] = [];
  const driver = telegramGramjsDriver({
    apiId: API_ID,
    apiHash: API_HASH,
    logger: silentLogger,
    now: options.now,
    createClient: (session) => {
      const client = options.client ? options.client(session) : new FakeTelegramClient(session);
      clients.push(client);
      return client;
    },
  });
  const { events, recorded } = recordingEvents();
  const session = await driver.open({ id: 'tg-1', accId: 1 }, options.credentials ?? null, events);
  await flush();
  const client = clients.at(-1);
  if (!client) throw new Error('driver created no client');
  return { session, client, recorded, clients };
}

// Lets queued promise callbacks and setImmediate work run (the driver's background connect,
// inbound queue and delivered acks). Independent of fake timers, which fake only setTimeout and Date.
export async function flush(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function lastStatus(recorded: RecordedEvents): RecordedEvents['statuses'][number] | undefined {
  return recorded.statuses.at(-1);
}
