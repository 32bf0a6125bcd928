import { pino } from 'pino';
import type { BotWebhook, ChannelSession, SubscriberEvent, SubscriberReply } from '../channels/channel.js';
import { telegramBotDriver } from '../channels/drivers/telegram-bot/telegram-bot-driver.js';
import type { Logger } from '../platform/logger.js';
import { recordingBotEvents, type RecordedBotEvents } from './recording-bot-events.js';
import { startFakeProviderServer, type FakeReply, type RecordedRequest } from './fake-provider-server.js';

// A fake Telegram Bot API server for the bot driver's tests, written from the public reference
// https://core.telegram.org/bots/api: requests go to /bot<token>/<method> with JSON or
// multipart/form-data parameters ("Making requests"); answers are {ok: true, result} or
// {ok: false, error_code, description, parameters?: {retry_after}}. It plays one bot: getMe,
// getUpdates (offset confirms earlier updates, timeout long-polls, 409 while a webhook is set or
// when a newer poll takes over), setWebhook, deleteWebhook, sendMessage and the file senders.

export interface FakeBot {
  id: number;
  token: string;
  username: string;
}

export interface BotApiCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  // Uploaded files by their attach:// id.
  files: Record<string, { fileName: string; content: string }>;
}

export interface BotApiError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export interface FakeBotApiServer {
  apiRoot: string;
  bot: FakeBot;
  calls: BotApiCall[];
  callsOf(method: string): BotApiCall[];
  webhook: { url: string; secret_token?: string; allowed_updates?: string[] } | null;
  // Queues an update for getUpdates; returns its update_id.
  pushUpdate(update: Record<string, unknown>): number;
  // The next `times` calls of `method` fail with this error (a Bot API error or a dropped connection).
  failNext(method: string, error: BotApiError | 'network', times?: number): void;
  // Revokes the token in @BotFather: every later call with it answers 401.
  revokeToken(): void;
  close(): Promise<void>;
}

export const FAKE_BOT: FakeBot = {
  id: 7000001,
  token: '7000001:AAHfakeTokenForTestsOnly_0123456789',
  username: 'salon_test_bot',
};

const SENDERS: Record<string, string> = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendVideo: 'video',
  sendAudio: 'audio',
};

export async function startFakeBotApi(bot: FakeBot = FAKE_BOT): Promise<FakeBotApiServer> {
  const calls: BotApiCall[] = [];
  const failures: { method: string; error: BotApiError | 'network' }[] = [];
  const pending: { update_id: number }[] = [];
  let nextUpdateId = 100;
  let nextMessageId = 1;
  let validToken = bot.token;
  // The long poll waiting for updates, if any: a push or a newer poll ends it.
  let waiting: { wake: (conflict: boolean) => void } | null = null;

  const ok = (result: unknown): FakeReply => ({ json: { ok: true, result } });
  const error = (e: BotApiError): FakeReply => ({ status: e.error_code, json: { ok: false, ...e } });

  const answerUpdates = async (params: Record<string, unknown>): Promise<FakeReply> => {
    if (fake.webhook) {
      return error({
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    }
    const offset = typeof params.offset === 'number' ? params.offset : 0;
    // Calling with an offset confirms every update before it: Telegram forgets them.
    while (pending.length > 0 && (pending[0]?.update_id ?? 0) < offset) pending.shift();
    const timeout = typeof params.timeout === 'number' ? params.timeout : 0;
    if (pending.length === 0 && timeout > 0) {
      waiting?.wake(true);
      const conflict = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), timeout * 1000);
        const done = (value: boolean) => {
          clearTimeout(timer);
          if (waiting === me) waiting = null;
          resolve(value);
        };
        const me = { wake: done };
        waiting = me;
      });
      if (conflict) {
        return error({
          error_code: 409,
          description:
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        });
      }
    }
    return ok(pending.slice(0, 100));
  };

  const sendResult = (params: Record<string, unknown>, extra: Record<string, unknown>) => {
    const chatId = Number(params.chat_id);
    return ok({
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private' },
      ...extra,
    });
  };

  const handle = async (request: RecordedRequest): Promise<FakeReply> => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.path);
    if (!match?.[1] || !match[2]) return error({ error_code: 404, description: 'Not Found' });
    const [, token, method] = match;
    const { params, files } = readParams(request);
    calls.push({ method, token, params, files });
    if (token !== validToken) return error({ error_code: 401, description: 'Unauthorized' });
    const failureAt = failures.findIndex((f) => f.method === method);
    if (failureAt >= 0) {
      const [failure] = failures.splice(failureAt, 1);
      if (failure?.error === 'network') return { status: 502, text: '<html>Bad Gateway</html>' };
      if (failure) return error(failure.error);
    }
    switch (method) {
      case 'getMe':
        return ok({ id: bot.id, is_bot: true, first_name: 'Salon', username: bot.username, can_join_groups: true });
      case 'getUpdates':
        return answerUpdates(params);
      case 'setWebhook':
        fake.webhook = {
          url: String(params.url),
          ...(typeof params.secret_token === 'string' ? { secret_token: params.secret_token } : {}),
          ...(Array.isArray(params.allowed_updates) ? { allowed_updates: params.allowed_updates as string[] } : {}),
        };
        waiting?.wake(true);
        return ok(true);
      case 'deleteWebhook':
        fake.webhook = null;
        return ok(true);
      case 'sendMessage':
        return sendResult(params, { text: params.text });
      default: {
        const field = SENDERS[method];
        if (!field) return error({ error_code: 404, description: 'Not Found: method not found' });
        const attached = /^attach:\/\/(.+)$/.exec(String(params[field]))?.[1];
        const file = attached ? files[attached] : undefined;
        if (!file) return error({ error_code: 400, description: `Bad Request: there is no ${field} in the request` });
        return sendResult(params, {
          [field]: { file_id: `file-${nextMessageId}`, file_name: file.fileName, file_size: file.content.length },
          ...(typeof params.caption === 'string' ? { caption: params.caption } : {}),
        });
      }
    }
  };

  const server = await startFakeProviderServer(handle);
  const fake: FakeBotApiServer = {
    apiRoot: server.baseUrl,
    bot,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    webhook: null,
    pushUpdate(update) {
      const update_id = nextUpdateId++;
      pending.push({ update_id, ...update });
      waiting?.wake(false);
      return update_id;
    },
    failNext(method, e, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push({ method, error: e });
    },
    revokeToken() {
      validToken = `${bot.id}:revoked`;
    },
    async close() {
      waiting?.wake(false);
      await server.close();
    },
  };
  return fake;
}

function readParams(request: RecordedRequest): Pick<BotApiCall, 'params' | 'files'> {
  const type = request.headers['content-type'] ?? '';
  const boundary = /boundary=([^;]+)/.exec(type)?.[1];
  if (type.startsWith('multipart/form-data') && boundary) return readMultipart(request.rawBody, boundary);
  const params = request.json && typeof request.json === 'object' ? (request.json as Record<string, unknown>) : {};
  return { params, files: {} };
}

// Enough of multipart/form-data for grammY's uploads: fields are text (objects as JSON), files
// carry a filename in their content-disposition.
function readMultipart(body: string, boundary: string): Pick<BotApiCall, 'params' | 'files'> {
  const params: Record<string, unknown> = {};
  const files: BotApiCall['files'] = {};
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]+)"/i.exec(head)?.[1];
    if (!name) continue;
    const fileName = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1];
    if (fileName) {
      files[name] = { fileName, content };
      continue;
    }
    params[name] = parseField(content);
  }
  return { params, files };
}

function parseField(value: string): unknown {
  if (/^[[{]/.test(value) || /^-?\d+$/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

// Bot API update objects as Telegram sends them, for a private chat with `user`.
export interface FakeUser {
  id: number;
  first_name: string;
  last_name?: string;
}

export function privateMessage(
  user: FakeUser,
  fields: Record<string, unknown>,
  messageId = 1,
): Record<string, unknown> {
  return {
    message: {
      message_id: messageId,
      date: 1_780_000_000,
      from: { ...user, is_bot: false },
      chat: { id: user.id, type: 'private', first_name: user.first_name },
      ...fields,
    },
  };
}

export function blockedBy(user: FakeUser): Record<string, unknown> {
  return {
    my_chat_member: {
      chat: { id: user.id, type: 'private', first_name: user.first_name },
      from: { ...user, is_bot: false },
      date: 1_780_000_000,
      old_chat_member: { status: 'member', user: { id: FAKE_BOT.id, is_bot: true, first_name: 'Salon' } },
      new_chat_member: {
        status: 'kicked',
        until_date: 0,
        user: { id: FAKE_BOT.id, is_bot: true, first_name: 'Salon' },
      },
    },
  };
}

export { recordingBotEvents, type RecordedBotEvents };

export const silentBotLogger: Logger = pino({ level: 'silent' });

export function storedCredentials(bot: FakeBot = FAKE_BOT): string {
  return JSON.stringify({ token: bot.token, username: bot.username });
}

// The real driver against the fake: short polls and retries so the tests run quickly.
export async function openBotSession(
  fake: FakeBotApiServer,
  options: {
    credentials?: string | null;
    webhook?: BotWebhook | null;
    replyTo?: (event: SubscriberEvent) => SubscriberReply | null;
    maxRetryDelayS?: number;
  } = {},
): Promise<{ session: ChannelSession; recorded: RecordedBotEvents }> {
  const { events, recorded } = recordingBotEvents(options.replyTo);
  const driver = telegramBotDriver({
    apiRoot: fake.apiRoot,
    logger: silentBotLogger,
    webhook: options.webhook ?? null,
    pollTimeoutS: 1,
    retryMs: 20,
    ...(options.maxRetryDelayS === undefined ? {} : { maxRetryDelayS: options.maxRetryDelayS }),
  });
  const session = await driver.open({ id: 'bot-1', accId: 1 }, options.credentials ?? null, events);
  return { session, recorded };
}
