import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Logger } from '../../../platform/logger.js';
import type {
  BotWebhook,
  ChannelEvents,
  ChannelSession,
  LoginResult,
  LoginStep,
  OutboundMessage,
  SendResult,
} from '../../channel.js';
import { safeEvents } from '../../safe-events.js';
import { SerialQueue } from '../../serial-queue.js';
import { isConflict, isUnauthorized, loginFailure, retryAfterMs, sendFailure } from './bot-errors.js';
import { deliver } from './outbound.js';
import { ALLOWED_UPDATES, handleBotUpdate, replyMarkup, type UpdateTarget } from './update-handler.js';

export interface BotAccount {
  token: string;
  // The bot's handle: opt-in links are https://t.me/<username>?start=<token>.
  username: string;
}

export interface TelegramBotSessionOptions {
  instanceId: string;
  apiRoot: string;
  logger: Logger;
  events: ChannelEvents;
  webhook: BotWebhook | null;
  pollTimeoutS: number;
  retryMs: number;
  maxRetryDelayS: number;
}

// What @BotFather hands out: the bot's id, a colon, a secret. Checked before it goes into a URL path.
const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
// Bot API chat ids: private chats are positive, groups negative; up to 52 bits.
const CHAT_ID = /^-?\d{1,16}$/;
// Message ids of this session's sends, by outbox key, for a resend of the same row.
const MAX_REMEMBERED_SENDS = 1_000;
// Errors back off from retryMs up to this many times it.
const MAX_BACKOFF_FACTOR = 12;

// The salon's own Telegram bot over the Bot API (grammY): token login, opt-in through /start and
// the contact button, inbound text, sending to linked users' chats. Updates come by webhook when
// one is configured, else by long polling.
export class TelegramBotSession implements ChannelSession {
  readonly #options: TelegramBotSessionOptions;
  readonly #logger: Logger;
  readonly #raw: ChannelEvents;
  readonly #events: ChannelEvents;
  readonly #updates: SerialQueue;
  readonly #sent = new Map<string, string>();
  #account: BotAccount | null = null;
  #api: Api | null = null;
  // Aborts the current account's connect/poll loop (and its in-flight long poll).
  #run: AbortController | null = null;
  #authenticated = false;
  #closed = false;
  #lastStatus = '';
  #firstAttempt: Promise<void> = Promise.resolve();

  constructor(options: TelegramBotSessionOptions) {
    this.#options = options;
    this.#logger = options.logger;
    this.#raw = options.events;
    this.#events = safeEvents(options.events, options.logger);
    this.#updates = new SerialQueue((error) => this.#logger.error({ err: error }, 'telegram bot update dropped'));
  }

  start(account: BotAccount | null): void {
    if (!account) {
      this.#setStatus('not_authenticated');
      return;
    }
    this.#firstAttempt = new Promise((settled) => this.#activate(account, this.#createApi(account.token), settled));
  }

  async login(step: LoginStep): Promise<LoginResult> {
    if (step.step !== 'bot_token') return { result: 'error', error: 'not_supported' };
    await this.#firstAttempt;
    if (this.#closed) return { result: 'error', error: 'provider_error', detail: 'session closed' };
    const token = step.token.trim();
    if (!BOT_TOKEN.test(token)) return { result: 'error', error: 'invalid_token', detail: 'not a bot token' };
    const api = this.#createApi(token);
    let username: string;
    try {
      username = (await api.getMe()).username;
    } catch (error) {
      if (!isUnauthorized(error)) this.#logger.warn({ err: error }, 'telegram bot token check failed');
      return loginFailure(error);
    }
    if (this.#closed) return { result: 'error', error: 'provider_error', detail: 'session closed' };
    const previous = this.#account;
    const account = { token, username };
    this.#events.credentials(JSON.stringify(account));
    if (previous && previous.token !== token) this.#releaseWebhook(this.#api);
    this.#activate(account, api, null, true);
    return { result: 'auth_success' };
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    await this.#firstAttempt;
    const api = this.#api;
    if (this.#closed || !api || !this.#authenticated) {
      return { ok: false, failure: 'not_connected', detail: 'bot not logged in' };
    }
    if (!CHAT_ID.test(message.to)) return { ok: false, failure: 'invalid_recipient', detail: 'expected a chat id' };
    // The Bot API takes no idempotency key: a resend of the same outbox row in this process is
    // answered from memory. (One after a crash between the send and storing its id reaches the
    // user twice; nothing on Telegram's side can tell.)
    const known = this.#sent.get(message.idempotencyKey);
    if (known) return { ok: true, providerMessageId: known };
    try {
      const providerMessageId = String(await deliver(api, Number(message.to), message));
      this.#remember(message.idempotencyKey, providerMessageId);
      // Bots get no delivery receipts: accepted by the Bot API means it is in the user's chat.
      // Reported after send() has returned, so the core knows the id before its ack.
      setImmediate(() => this.#events.ack(providerMessageId, 'delivered'));
      return { ok: true, providerMessageId };
    } catch (error) {
      const { result, stopped, revoked } = sendFailure(error);
      if (stopped) void this.#events.subscriber({ type: 'stopped', address: message.to });
      if (revoked && api === this.#api) this.#revoke();
      if (result.failure === 'provider_error') this.#logger.warn({ err: error }, 'telegram bot send failed');
      return result;
    }
  }

  async handleUpdate(update: unknown): Promise<void> {
    if (!isUpdate(update)) {
      this.#logger.warn('telegram bot webhook update without an update_id ignored');
      return;
    }
    await this.#process(update);
  }

  async logout(): Promise<void> {
    await this.#firstAttempt;
    const api = this.#api;
    this.#stopRun();
    if (api && this.#options.webhook) {
      try {
        await api.deleteWebhook();
      } catch (error) {
        this.#logger.warn({ err: error }, 'telegram bot deleteWebhook failed on logout');
      }
    }
    this.#forget();
    this.#events.credentials('');
    this.#setStatus('not_authenticated', { reason: 'logged_out' });
  }

  // The webhook stays set: the process taking the session over keeps receiving through it.
  close(): Promise<void> {
    this.#closed = true;
    this.#stopRun();
    return Promise.resolve();
  }

  #createApi(token: string): Api {
    const api = new Api(token, {
      apiRoot: this.#options.apiRoot,
      // A long poll holds the request open for pollTimeoutS; anything much longer is a dead connection.
      timeoutSeconds: this.#options.pollTimeoutS + 30,
    });
    // Short 429 waits are sat out inside the call; longer ones reach the dispatcher as rate_limited
    // with their retry_after. Network and 5xx failures are ours to handle (status, backoff, the
    // dispatcher's retry): auto-retry would otherwise repeat them forever inside a send.
    api.config.use(
      autoRetry({
        maxDelaySeconds: this.#options.maxRetryDelayS,
        maxRetryAttempts: 2,
        rethrowHttpErrors: true,
        rethrowInternalServerErrors: true,
      }),
    );
    return api;
  }

  // Makes `account` the session's bot and starts receiving its updates in the background.
  #activate(account: BotAccount, api: Api, firstAttemptDone: (() => void) | null, verified = false): void {
    this.#stopRun();
    this.#account = account;
    this.#api = api;
    const run = new AbortController();
    this.#run = run;
    if (verified) this.#becomeAuthenticated(account.username);
    this.#connect(api, run.signal, verified, firstAttemptDone ?? (() => undefined)).catch((error: unknown) => {
      this.#logger.error({ err: error }, 'telegram bot connect loop failed');
      this.#setStatus('error', { reason: 'connect_loop_failed' });
    });
  }

  async #connect(api: Api, signal: AbortSignal, verified: boolean, firstAttemptDone: () => void): Promise<void> {
    try {
      await this.#connectLoop(api, signal, verified, firstAttemptDone);
    } finally {
      // Also when stopped before trying: login() and send() must not wait forever.
      firstAttemptDone();
    }
  }

  async #connectLoop(api: Api, signal: AbortSignal, verified: boolean, firstAttemptDone: () => void): Promise<void> {
    for (let attempt = 0; !signal.aborted; attempt += 1) {
      try {
        if (!verified) {
          await this.#checkIdentity(api, signal);
          verified = true;
        }
        firstAttemptDone();
        await this.#receive(api, signal);
        return;
      } catch (error) {
        firstAttemptDone();
        if (signal.aborted) return;
        if (isUnauthorized(error)) {
          this.#revoke();
          return;
        }
        this.#logger.warn({ err: error }, 'telegram bot connect failed');
        this.#setStatus('loading', { reason: 'connect_failed' });
        await sleep(retryAfterMs(error) ?? this.#backoff(attempt), signal);
      }
    }
  }

  async #checkIdentity(api: Api, signal: AbortSignal): Promise<void> {
    const me = await api.getMe(forGrammy(signal));
    if (signal.aborted || !this.#account) return;
    // Renamed in @BotFather since it was stored: links must point at the new handle.
    if (me.username !== this.#account.username) {
      this.#account = { ...this.#account, username: me.username };
      this.#events.credentials(JSON.stringify(this.#account));
    }
    this.#becomeAuthenticated(me.username);
  }

  async #receive(api: Api, signal: AbortSignal): Promise<void> {
    const { webhook, instanceId } = this.#options;
    if (webhook) {
      await api.setWebhook(
        webhook.url(instanceId),
        { secret_token: webhook.secret(instanceId), allowed_updates: [...ALLOWED_UPDATES] },
        forGrammy(signal),
      );
      this.#setAuthenticatedStatus();
      return;
    }
    // getUpdates is refused while a webhook is set (by an earlier webhook-mode run, say).
    await api.deleteWebhook(undefined, forGrammy(signal));
    await this.#poll(api, signal);
  }

  async #poll(api: Api, signal: AbortSignal): Promise<void> {
    let offset: number | undefined;
    for (let failures = 0; !signal.aborted;) {
      let updates: Update[];
      try {
        updates = await api.getUpdates(
          { offset, timeout: this.#options.pollTimeoutS, allowed_updates: [...ALLOWED_UPDATES] },
          forGrammy(signal),
        );
      } catch (error) {
        if (signal.aborted) return;
        if (isUnauthorized(error)) throw error;
        if (isConflict(error)) {
          this.#logger.warn({ err: error }, 'telegram bot updates taken by another poller or a webhook');
        } else {
          this.#logger.warn({ err: error }, 'telegram bot getUpdates failed');
          this.#setStatus('loading', { reason: 'poll_failed' });
        }
        await sleep(retryAfterMs(error) ?? this.#backoff(failures), signal);
        failures += 1;
        continue;
      }
      failures = 0;
      this.#setAuthenticatedStatus();
      // The next call's offset confirms these to Telegram, so an update is dropped only once handled.
      for (const update of updates) {
        if (signal.aborted) return;
        await this.#process(update);
        offset = update.update_id + 1;
      }
    }
  }

  #process(update: Update): Promise<void> {
    const target: UpdateTarget = {
      subscriber: (event) => this.#events.subscriber(event),
      // The raw handler, awaited: the update is confirmed to Telegram only after the core stored
      // it. One whose handling fails is logged by the queue and skipped, not retried forever.
      inbound: async (message) => {
        await this.#raw.inbound(message);
      },
      reply: async (chatId, reply) => {
        if (!this.#api) return;
        await this.#api.sendMessage(chatId, reply.text, { reply_markup: replyMarkup(reply) });
      },
    };
    return this.#updates.push(() => handleBotUpdate(update, target)).catch(() => undefined);
  }

  #becomeAuthenticated(username: string): void {
    this.#authenticated = true;
    this.#setStatus('authenticated', { phone: username });
  }

  #setAuthenticatedStatus(): void {
    if (this.#account && this.#authenticated) this.#setStatus('authenticated', { phone: this.#account.username });
  }

  // The token was revoked in @BotFather: nothing works with it any more.
  #revoke(): void {
    this.#stopRun();
    this.#forget();
    this.#setStatus('not_authenticated', { reason: 'token_revoked' });
  }

  #forget(): void {
    this.#account = null;
    this.#api = null;
    this.#authenticated = false;
    this.#sent.clear();
  }

  #stopRun(): void {
    this.#run?.abort();
    this.#run = null;
  }

  // A replaced bot must stop posting its updates to this instance's webhook.
  #releaseWebhook(api: Api | null): void {
    if (!api || !this.#options.webhook) return;
    api.deleteWebhook().catch((error: unknown) => {
      this.#logger.warn({ err: error }, 'telegram bot deleteWebhook failed for the replaced bot');
    });
  }

  #remember(key: string, providerMessageId: string): void {
    this.#sent.set(key, providerMessageId);
    if (this.#sent.size > MAX_REMEMBERED_SENDS) {
      const oldest = this.#sent.keys().next().value;
      if (oldest !== undefined) this.#sent.delete(oldest);
    }
  }

  #backoff(attempt: number): number {
    return this.#options.retryMs * Math.min(2 ** attempt, MAX_BACKOFF_FACTOR);
  }

  // Only changes are reported, so a flapping connection does not cost the core a write per poll.
  #setStatus(status: ChannelStatus, detail?: { reason?: string; phone?: string }): void {
    const key = JSON.stringify([status, detail?.reason ?? null, detail?.phone ?? null]);
    if (key === this.#lastStatus) return;
    this.#lastStatus = key;
    this.#events.status(status, detail);
  }
}

// grammY types its signal with the abort-controller polyfill's class; at run time it only needs
// addEventListener, which Node's own AbortSignal has.
type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;
function forGrammy(signal: AbortSignal): GrammySignal {
  return signal as unknown as GrammySignal;
}

function isUpdate(value: unknown): value is Update {
  return (
    typeof value === 'object' && value !== null && typeof (value as { update_id?: unknown }).update_id === 'number'
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}
