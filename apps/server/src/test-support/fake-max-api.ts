import type { Update, User } from '@maxhub/max-bot-api/types';
import { pino } from 'pino';
import type { BotWebhook, ChannelSession, SubscriberEvent, SubscriberReply } from '../channels/channel.js';
import { maxBotDriver } from '../channels/drivers/max-bot/max-bot-driver.js';
import { recordingBotEvents, type RecordedBotEvents } from './recording-bot-events.js';
import {
  startFakeProviderServer,
  type FakeReply,
  type FakeProviderServer,
  type RecordedRequest,
} from './fake-provider-server.js';

// Test support: the MAX Bot API as documented at https://dev.max.ru/docs-api (GET /me,
// GET /updates, POST /messages, POST and DELETE /subscriptions, POST /uploads, POST
// /chats/{chatId}/actions). The token travels in the Authorization header (what the official
// client sends; the old `access_token` query parameter is accepted too) and a wrong one gets 401.
// Upload URLs point back here, without the token, as MAX's upload host takes none.

export interface SentMessage {
  userId: string | null;
  chatId: string | null;
  text: string | null;
  attachments: { type: string; payload?: unknown }[];
  mid: string;
}

export interface FakeMaxApi extends FakeProviderServer {
  readonly token: string;
  // The bot's owner re-issued the token in MasterBot: the old one gets 401 from now on.
  revoke(): void;
  bot: User;
  sent: SentMessage[];
  subscriptions: { url: string; secret?: string; update_types?: string[] }[];
  // Makes the next `times` requests to `method path` answer `reply` instead.
  fail(method: string, path: string, reply: FakeReply, times?: number): void;
  // Queues an update for GET /updates (a waiting long poll returns at once).
  push(update: Update): void;
  // GET /updates calls so far.
  polls(): RecordedRequest[];
}

export const BOT_TOKEN = 'max-bot-token-0123456789';

export async function startFakeMaxApi(options: { token?: string; username?: string } = {}): Promise<FakeMaxApi> {
  let token = options.token ?? BOT_TOKEN;
  const bot: User = { ...maxUser(900, 'Салон'), username: options.username ?? 'salon_bot', is_bot: true };
  const updates: Update[] = [];
  const waiters = new Set<() => void>();
  const failures: { method: string; path: string; reply: FakeReply; times: number }[] = [];
  const sent: SentMessage[] = [];
  const subscriptions: FakeMaxApi['subscriptions'] = [];
  let server: FakeProviderServer | null = null;

  const waitForUpdates = (from: number, timeoutS: number): Promise<void> =>
    new Promise((resolve) => {
      if (updates.length > from || timeoutS <= 0) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutS * 1000);
      waiters.add(done);
    });

  const handle = async (req: RecordedRequest): Promise<FakeReply> => {
    if (req.path.startsWith('/upload/')) return uploadReply(req.path.slice('/upload/'.length));
    const presented = req.headers.authorization ?? req.query.get('access_token');
    if (presented !== token) return { status: 401, json: { code: 'verify.token', message: 'Invalid access_token' } };
    const failure = failures.find((f) => f.method === req.method && f.path === req.path && f.times > 0);
    if (failure) {
      failure.times -= 1;
      return failure.reply;
    }
    const route = `${req.method} ${req.path}`;
    if (route === 'GET /me') return { json: bot };
    if (route === 'GET /updates') {
      const from = Number(req.query.get('marker') ?? 0);
      await waitForUpdates(from, Number(req.query.get('timeout') ?? 30));
      return { json: { updates: updates.slice(from), marker: updates.length } };
    }
    if (route === 'POST /messages') {
      const body = (req.json ?? {}) as { text?: string; attachments?: SentMessage['attachments'] };
      const message: SentMessage = {
        userId: req.query.get('user_id'),
        chatId: req.query.get('chat_id'),
        text: body.text ?? null,
        attachments: body.attachments ?? [],
        mid: `mid.${sent.length + 1}`,
      };
      sent.push(message);
      return {
        json: {
          message: {
            sender: bot,
            recipient: { chat_id: Number(message.chatId ?? 0), chat_type: 'dialog', user_id: Number(message.userId) },
            timestamp: Date.now(),
            body: { mid: message.mid, seq: sent.length, text: message.text, attachments: message.attachments },
          },
        },
      };
    }
    if (route === 'POST /subscriptions') {
      subscriptions.push(req.json as FakeMaxApi['subscriptions'][number]);
      return { json: { success: true } };
    }
    if (route === 'DELETE /subscriptions') {
      const index = subscriptions.findIndex((s) => s.url === req.query.get('url'));
      if (index >= 0) subscriptions.splice(index, 1);
      return { json: { success: true } };
    }
    if (route === 'GET /subscriptions') return { json: { subscriptions } };
    if (route === 'POST /uploads') {
      const type = req.query.get('type') ?? 'file';
      // Video and audio get their token with the URL; images and files get it from the upload.
      const withToken = type === 'video' || type === 'audio';
      return { json: { url: `${server?.baseUrl}/upload/${type}`, ...(withToken ? { token: `${type}-token` } : {}) } };
    }
    if (req.method === 'POST' && /^\/chats\/-?\d+\/actions$/.test(req.path)) return { json: { success: true } };
    return { status: 404, json: { code: 'not.found', message: `${route} is not faked` } };
  };

  server = await startFakeProviderServer(handle);
  return {
    ...server,
    get token() {
      return token;
    },
    revoke: () => {
      token = `${token}-reissued`;
    },
    bot,
    sent,
    subscriptions,
    fail: (method, path, reply, times = 1) => failures.push({ method, path, reply, times }),
    push: (update) => {
      updates.push(update);
      for (const wake of [...waiters]) wake();
    },
    polls: () => server.requests.filter((r) => r.method === 'GET' && r.path === '/updates'),
  };
}

function uploadReply(type: string): FakeReply {
  if (type === 'image') return { json: { photos: { p1: { token: 'image-token' } } } };
  if (type === 'file') return { json: { token: 'file-token' } };
  // Video and audio uploads answer this (the client then keeps the token from POST /uploads).
  return { text: '<retval>1</retval>' };
}

// Builders for the updates the docs describe.

export function maxUser(userId: number, firstName: string, lastName?: string): User {
  return {
    user_id: userId,
    name: [firstName, lastName].filter(Boolean).join(' '),
    first_name: firstName,
    ...(lastName ? { last_name: lastName } : {}),
    username: null,
    is_bot: false,
    last_activity_time: Date.now(),
  };
}

const chatIdOf = (user: User): number => user.user_id * 10;

export function botStarted(user: User, payload: string | null = null): Update {
  return { update_type: 'bot_started', timestamp: Date.now(), chat_id: chatIdOf(user), user, payload };
}

export function botStopped(user: User): Update {
  return { update_type: 'bot_stopped', timestamp: Date.now(), chat_id: chatIdOf(user), user };
}

export function messageCreated(
  user: User,
  body: { text?: string; attachments?: unknown[]; mid?: string; timestamp?: number },
): Update {
  const timestamp = body.timestamp ?? Date.now();
  return {
    update_type: 'message_created',
    timestamp,
    message: {
      sender: user,
      recipient: { chat_id: chatIdOf(user), chat_type: 'dialog', user_id: null, post_id: null },
      timestamp,
      body: {
        mid: body.mid ?? `mid.in.${timestamp}`,
        seq: 1,
        text: body.text ?? null,
        attachments: (body.attachments ?? []) as never,
      },
    },
  } as Update;
}

// A contact shared through the request button: a vCard plus the contact's MAX user.
export function contactAttachment(owner: User, tel: string): unknown {
  const vcf = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${owner.name}`, `TEL;TYPE=cell:${tel}`, 'END:VCARD'].join('\r\n');
  return { type: 'contact', payload: { vcf_info: vcf, max_info: owner, hash: 'h' } };
}

// The real driver over a FakeMaxApi, with every event it reports recorded.

export type MaxRecorded = RecordedBotEvents;

export const ASK_CONTACT: SubscriberReply = { text: 'Поделитесь номером, чтобы получать сообщения', askContact: true };
export const LINKED: SubscriberReply = { text: 'Готово, номер привязан', askContact: false };

// What the core answers by default: Start → ask for the phone, contact → thanks, stop → nothing.
const defaultReplies = (event: SubscriberEvent): SubscriberReply | null =>
  event.type === 'started' ? ASK_CONTACT : event.type === 'contact' ? LINKED : null;

export async function openMaxSession(
  api: FakeMaxApi,
  options: {
    credentials?: string | null;
    webhook?: BotWebhook | null;
    replies?: (event: SubscriberEvent) => SubscriberReply | null;
    baseUrl?: string;
  } = {},
): Promise<{ session: ChannelSession; recorded: MaxRecorded }> {
  const { events, recorded } = recordingBotEvents(options.replies ?? defaultReplies);
  const driver = maxBotDriver({
    baseUrl: options.baseUrl ?? api.baseUrl,
    logger: pino({ level: 'silent' }),
    webhook: options.webhook ?? null,
    pollTimeoutS: 1,
    retryMs: 10,
  });
  const session = await driver.open({ id: 'max-1', accId: 1 }, options.credentials ?? null, events);
  return { session, recorded };
}

export function storedCredentials(api: FakeMaxApi): string {
  return JSON.stringify({ token: api.token, username: api.bot.username });
}
