import { setTimeout as sleep } from 'node:timers/promises';
import { Keyboard, MaxError, type Api } from '@maxhub/max-bot-api';
import type { SenderAction, Update } from '@maxhub/max-bot-api/types';
import { z } from 'zod';
import type { Logger } from '../../../platform/logger.js';
import type {
  BotWebhook,
  ChannelEvents,
  ChannelInstanceRef,
  ChannelSession,
  LoginResult,
  LoginStep,
  OutboundMessage,
  SendResult,
  SubscriberReply,
} from '../../channel.js';
import { describeError, isUnauthorized, mapSendError } from './errors.js';
import { createMaxApi, withRetryAfter, type MaxApiOptions } from './max-api.js';
import { uploadMedia } from './outbound-media.js';
import { Poller } from './polling.js';
import { asUpdate, processUpdate, UPDATE_TYPES } from './updates.js';

// The label of MAX's "share my phone" button under the bot's invitation to link the phone.
const CONTACT_BUTTON = 'Поделиться номером';
// Keys remembered per session against sending twice (oldest forgotten first).
const SENT_KEYS_KEPT = 10_000;
const MAX_BACKOFF_MS = 60_000;

const storedCredentials = z.object({ token: z.string().min(1), username: z.string() });
type Credentials = z.infer<typeof storedCredentials>;

export interface MaxBotSessionOptions {
  instance: ChannelInstanceRef;
  events: ChannelEvents;
  logger: Logger;
  api: MaxApiOptions;
  webhook: BotWebhook | null;
  pollTimeoutS: number;
  retryMs: number;
}

export class MaxBotSession implements ChannelSession {
  private readonly events: ChannelEvents;
  private readonly logger: Logger;
  private api: Api | null = null;
  private poller: Poller | null = null;
  // Ends the background work of the current token (connect retries, webhook subscription).
  private lifetime = new AbortController();
  // MAX has no idempotency key on POST /messages, so a retried outbox row is recognised here, in
  // this process only: a resend after a crash can still reach the user twice.
  private readonly sent = new Map<string, Promise<SendResult>>();
  // user id → dialog chat id, learnt from updates, for chat actions.
  private readonly chats = new Map<string, number>();

  constructor(private readonly options: MaxBotSessionOptions) {
    this.events = options.events;
    this.logger = options.logger;
  }

  start(credentials: string | null): void {
    const stored = parseCredentials(credentials);
    if (!stored) {
      if (credentials) this.logger.warn('stored MAX bot credentials are unreadable; starting logged out');
      this.events.status('not_authenticated');
      return;
    }
    this.events.status('loading');
    // Set before GET /me answers so that webhook updates posted meanwhile are not dropped.
    this.api = createMaxApi(stored.token, this.options.api);
    void this.connect(this.api, stored, this.lifetime.signal);
  }

  async login(step: LoginStep): Promise<LoginResult> {
    if (step.step !== 'bot_token') return { result: 'error', error: 'not_supported' };
    const token = step.token.trim();
    if (!token) return { result: 'error', error: 'invalid_token' };
    const api = createMaxApi(token, this.options.api);
    let username: string;
    try {
      username = (await api.getMyInfo()).username ?? '';
    } catch (err) {
      if (err instanceof MaxError && (err.status === 401 || err.status === 403)) {
        return { result: 'error', error: 'invalid_token' };
      }
      return { result: 'error', error: 'provider_error', detail: describeError(err) };
    }
    const previous = this.api;
    await this.stopUpdates();
    if (previous && this.options.webhook) await this.unsubscribe(previous);
    this.events.credentials(JSON.stringify({ token, username } satisfies Credentials));
    this.activate(api, username);
    return { result: 'auth_success' };
  }

  send(message: OutboundMessage): Promise<SendResult> {
    const earlier = this.sent.get(message.idempotencyKey);
    if (earlier) return earlier;
    const sending = this.deliver(message).then((result) => {
      if (!result.ok) this.sent.delete(message.idempotencyKey);
      return result;
    });
    this.sent.set(message.idempotencyKey, sending);
    if (this.sent.size > SENT_KEYS_KEPT) this.sent.delete(this.sent.keys().next().value as string);
    return sending;
  }

  async markRead(chat: string): Promise<void> {
    const chatId = this.chats.get(chat);
    if (!this.api || chatId === undefined) return;
    try {
      // The API documents `mark_seen` among chat actions; the library's type lists only the others.
      await this.api.sendAction(chatId, 'mark_seen' as SenderAction);
    } catch (err) {
      this.logger.debug({ err: describeError(err) }, 'MAX mark_seen failed');
    }
  }

  async handleUpdate(body: unknown): Promise<void> {
    const update = asUpdate(body);
    if (!update) {
      this.logger.warn('MAX webhook body is not an update; ignored');
      return;
    }
    if (!this.api) {
      this.logger.warn({ updateType: update.update_type }, 'MAX update for a bot that is not logged in; ignored');
      return;
    }
    try {
      await this.process(update);
    } catch (err) {
      this.logger.error({ err, updateType: update.update_type }, 'MAX update handling failed');
    }
  }

  async logout(): Promise<void> {
    const api = this.api;
    await this.stopUpdates();
    if (api && this.options.webhook) await this.unsubscribe(api);
    this.api = null;
    this.events.credentials('');
    this.events.status('not_authenticated', { reason: 'logged_out' });
  }

  async close(): Promise<void> {
    await this.stopUpdates();
    this.api = null;
  }

  // GET /me with the stored token until it answers: the network or MAX being down is waited out.
  private async connect(api: Api, stored: Credentials, signal: AbortSignal): Promise<void> {
    let backoff = this.options.retryMs;
    while (!signal.aborted) {
      try {
        const username = (await api.getMyInfo()).username ?? stored.username;
        if (signal.aborted) return;
        if (username !== stored.username) {
          this.events.credentials(JSON.stringify({ token: stored.token, username } satisfies Credentials));
        }
        this.activate(api, username);
        return;
      } catch (err) {
        if (signal.aborted) return;
        if (isUnauthorized(err)) {
          this.api = null;
          this.events.status('not_authenticated', { reason: 'token_revoked' });
          return;
        }
        this.logger.warn({ err: describeError(err), retryInMs: backoff }, 'MAX GET /me failed; retrying');
        this.events.status('loading');
        if (!(await pause(backoff, signal))) return;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  private activate(api: Api, username: string): void {
    this.api = api;
    this.events.status('authenticated', { phone: username });
    if (this.options.webhook) {
      void this.subscribe(api, this.options.webhook, this.lifetime.signal);
    } else {
      void this.startPolling(api, this.lifetime.signal);
    }
  }

  private async startPolling(api: Api, signal: AbortSignal): Promise<void> {
    // GET /updates returns nothing while the bot has a webhook subscription (one left from when
    // this installation had a public URL), so those are removed first, as the library's own
    // polling start does.
    try {
      const subscriptions = (await api.getSubscriptions()) ?? [];
      for (const { url } of subscriptions) await api.unsubscribe(url);
    } catch (err) {
      this.logger.warn({ err: describeError(err) }, 'MAX webhook subscriptions could not be cleared');
    }
    if (signal.aborted) return;
    this.poller = new Poller({
      api,
      logger: this.logger,
      timeoutS: this.options.pollTimeoutS,
      retryMs: this.options.retryMs,
      handle: (update) => this.process(update),
      onUnauthorized: () => this.revoked(),
    });
  }

  // POST /subscriptions: MAX then posts updates to our webhook (and stops answering GET /updates).
  private async subscribe(api: Api, webhook: BotWebhook, signal: AbortSignal): Promise<void> {
    const id = this.options.instance.id;
    let backoff = this.options.retryMs;
    while (!signal.aborted) {
      try {
        await api.subscribe(webhook.url(id), webhook.secret(id), [...UPDATE_TYPES]);
        return;
      } catch (err) {
        if (signal.aborted) return;
        if (isUnauthorized(err)) {
          this.revoked();
          return;
        }
        this.logger.warn({ err: describeError(err), retryInMs: backoff }, 'MAX webhook subscription failed');
        if (!(await pause(backoff, signal))) return;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  private async unsubscribe(api: Api): Promise<void> {
    if (!this.options.webhook) return;
    try {
      await api.unsubscribe(this.options.webhook.url(this.options.instance.id));
    } catch (err) {
      this.logger.warn({ err: describeError(err) }, 'MAX webhook unsubscribe failed');
    }
  }

  private revoked(): void {
    void this.stopUpdates();
    this.api = null;
    this.events.status('not_authenticated', { reason: 'token_revoked' });
  }

  private async stopUpdates(): Promise<void> {
    this.lifetime.abort();
    this.lifetime = new AbortController();
    const poller = this.poller;
    this.poller = null;
    await poller?.stop();
  }

  private process(update: Update): Promise<void> {
    return processUpdate(update, {
      events: this.events,
      logger: this.logger,
      reply: (address, reply) => this.reply(address, reply),
      rememberChat: (address, chatId) => this.chats.set(address, chatId),
    });
  }

  private async reply(address: string, reply: SubscriberReply): Promise<void> {
    const api = this.api;
    if (!api) return;
    const keyboard = Keyboard.inlineKeyboard([[Keyboard.button.requestContact(CONTACT_BUTTON)]]);
    try {
      await api.sendMessageToUser(Number(address), reply.text, reply.askContact ? { attachments: [keyboard] } : {});
    } catch (err) {
      const mapped = mapSendError(err);
      this.logger.warn({ err: mapped.detail, address }, 'MAX bot reply failed');
      if (mapped.tokenRevoked) this.revoked();
      if (mapped.userGone) await this.events.subscriber({ type: 'stopped', address });
    }
  }

  private async deliver(message: OutboundMessage): Promise<SendResult> {
    const api = this.api;
    if (!api) return { ok: false, failure: 'not_connected', detail: 'the MAX bot is not logged in' };
    if (!/^\d{1,19}$/.test(message.to)) {
      return { ok: false, failure: 'invalid_recipient', detail: 'a MAX address is the user id' };
    }
    const outcome = await withRetryAfter(async () => {
      const attachments = message.media ? [await uploadMedia(api, message.media)] : [];
      return api.sendMessageToUser(Number(message.to), message.text, attachments.length ? { attachments } : {});
    });
    if (outcome.ok) {
      const mid = outcome.value.body.mid;
      // MAX has no delivery receipts; a message the API accepted is already in the user's dialog.
      await this.events.ack(mid, 'delivered');
      return { ok: true, providerMessageId: mid };
    }
    const mapped = mapSendError(outcome.error);
    if (mapped.tokenRevoked) this.revoked();
    if (mapped.userGone) await this.events.subscriber({ type: 'stopped', address: message.to });
    return {
      ok: false,
      failure: mapped.failure,
      detail: mapped.detail,
      ...(mapped.failure === 'rate_limited' ? { retryAfterMs: outcome.retryAfterMs } : {}),
    };
  }
}

function parseCredentials(value: string | null): Credentials | null {
  if (!value) return null;
  try {
    const parsed = storedCredentials.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// False when stopped while waiting.
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
