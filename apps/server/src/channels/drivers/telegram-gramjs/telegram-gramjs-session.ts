import { Api, helpers } from 'telegram';
import { CustomFile } from 'telegram/client/uploads.js';
import { UpdateConnectionState } from 'telegram/network/index.js';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Logger } from '../../../platform/logger.js';
import type {
  ChannelEvents,
  ChannelSession,
  LoginResult,
  LoginStep,
  OutboundMessage,
  SendResult,
} from '../../channel.js';
import { readRpcFailure, revokedCode, sendFailure } from './errors.js';
import { LoginFlow } from './login-flow.js';
import { digitsOf, incomingPrivateMessage, outboundMedia, sentMessageId } from './message-mapping.js';
import { PeerDirectory, type KnownUser } from './peer-directory.js';
import { randomIdFor, type Long } from './random-id.js';
import { ReadReceipts } from './read-receipts.js';
import type { TelegramClientLike } from './telegram-client.js';
import { safeEvents } from '../../safe-events.js';

export interface TelegramSessionOptions {
  client: TelegramClientLike;
  events: ChannelEvents;
  // Whether the client was created from a stored session (so losing it is news for the core).
  hasStoredSession: boolean;
  apiId: number;
  apiHash: string;
  logger: Logger;
  now: () => Date;
}

// Waits between whole connect attempts (GramJS already retries inside each one).
const CONNECT_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
// Telegram's own service account: login codes and security notices, never a client (and a login
// code must not end up in the salon's chat history).
const TELEGRAM_SERVICE_USER_ID = helpers.returnBigInt(777000);
// Ids of messages this process sent, by random_id, for an in-process resend of the same outbox row.
const MAX_REMEMBERED_SENDS = 1_000;

// One Telegram user account: connection, login, sending, inbound messages and read receipts.
export class TelegramGramjsSession implements ChannelSession {
  readonly #client: TelegramClientLike;
  readonly #events: ChannelEvents;
  readonly #logger: Logger;
  readonly #login: LoginFlow;
  readonly #peers: PeerDirectory;
  readonly #reads = new ReadReceipts();
  readonly #sentByRandomId = new Map<string, string>();
  #closed = false;
  #connected = false;
  #authorized = false;
  #hasStoredSession: boolean;
  #phone: string | null = null;
  #lastStatus = '';
  #firstAttempt: Promise<void> = Promise.resolve();
  #inbound: Promise<void> = Promise.resolve();
  #retryTimer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;

  constructor(options: TelegramSessionOptions) {
    this.#client = options.client;
    this.#logger = options.logger;
    this.#events = safeEvents(options.events, options.logger);
    this.#hasStoredSession = options.hasStoredSession;
    this.#peers = new PeerDirectory(options.client, options.now);
    this.#login = new LoginFlow({
      client: options.client,
      apiId: options.apiId,
      apiHash: options.apiHash,
      now: options.now,
      onQr: (value, expiresAt) => {
        this.#events.qr(value, expiresAt);
        this.#setStatus('got qr code');
      },
      onAuthorized: (user) => this.#becomeAuthorized(user, true),
      onBackgroundResult: (result) => this.#onBackgroundLoginResult(result),
    });
  }

  // Connects in the background; login() and send() wait for the first attempt.
  start(): void {
    this.#client.addEventHandler((update) => this.#onUpdate(update));
    this.#firstAttempt = new Promise((settled) => {
      this.#run(settled).catch((error: unknown) => {
        this.#logger.error({ err: error }, 'telegram connect loop failed');
        this.#setStatus('error', { reason: 'connect_loop_failed' });
        settled();
      });
    });
  }

  async login(step: LoginStep): Promise<LoginResult> {
    await this.#firstAttempt;
    if (this.#closed) return { result: 'error', error: 'provider_error', detail: 'session closed' };
    if (this.#authorized && step.step !== 'pairing_code') return { result: 'auth_success' };
    if (!this.#connected && step.step !== 'pairing_code') {
      return { result: 'error', error: 'provider_error', detail: 'not connected to Telegram' };
    }
    return this.#login.step(step);
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    await this.#firstAttempt;
    if (this.#closed || !this.#connected)
      return { ok: false, failure: 'not_connected', detail: 'not connected to Telegram' };
    if (!this.#authorized) return { ok: false, failure: 'not_connected', detail: 'not logged in' };
    const to = digitsOf(message.to);
    if (!/^\d{10,15}$/.test(to)) return { ok: false, failure: 'invalid_recipient', detail: 'expected 10 to 15 digits' };

    const randomId = randomIdFor(message.idempotencyKey);
    const alreadySent = this.#sentByRandomId.get(randomId.toString());
    if (alreadySent) return { ok: true, providerMessageId: alreadySent };
    try {
      const lookup = await this.#peers.peerForPhone(to);
      if (lookup.kind === 'absent')
        return { ok: false, failure: 'not_on_channel', detail: 'no Telegram account for this number' };
      if (lookup.kind === 'retry_later') {
        return { ok: false, failure: 'rate_limited', detail: 'Telegram refused to import more contacts for now' };
      }
      const result = await this.#deliver(lookup.peer, message, randomId);
      const id = sentMessageId(result, randomId);
      this.#setStatus('authenticated', this.#phoneDetail());
      if (id === null) {
        // Sent, but the answer did not name the message: no read acks can be matched to it.
        this.#logger.warn({ className: result.className }, 'telegram send result without a message id');
        return this.#sent(`random:${randomId.toString()}`, randomId);
      }
      this.#reads.sent(lookup.peer.userId.toString(), id);
      return this.#sent(String(id), randomId);
    } catch (error) {
      // An earlier attempt for this outbox row reached Telegram (we crashed before storing its
      // result): the client has the message, so this is a success whose id we cannot know.
      if (readRpcFailure(error)?.code === 'RANDOM_ID_DUPLICATE')
        return this.#sent(`random:${randomId.toString()}`, randomId);
      const { result, effect } = sendFailure(error);
      if (effect?.kind === 'peer_flood') this.#setStatus('error', { reason: 'peer_flood' });
      if (effect?.kind === 'revoked') this.#revoke(effect.code);
      if (result.failure === 'provider_error') this.#logger.warn({ err: error }, 'telegram send failed');
      return result;
    }
  }

  // Telegram keeps one read marker per chat: everything up to the highest id is read. A chat we
  // never saw in this process is looked up by phone (one contact import, as for sending).
  async markRead(chat: string, providerMessageIds: string[]): Promise<void> {
    await this.#firstAttempt;
    if (this.#closed || !this.#connected || !this.#authorized) return;
    const ids = providerMessageIds.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
    if (ids.length === 0) return;
    let peer = this.#peers.knownPeer(chat);
    if (!peer && /^\d{10,15}$/.test(chat)) {
      const lookup = await this.#peers.peerForPhone(chat);
      if (lookup.kind === 'user') peer = lookup.peer;
    }
    if (!peer) return;
    await this.#client.invoke(new Api.messages.ReadHistory({ peer, maxId: Math.max(...ids) }));
  }

  async logout(): Promise<void> {
    this.#login.reset();
    await this.#firstAttempt;
    if (this.#connected && this.#authorized) {
      try {
        await this.#client.invoke(new Api.auth.LogOut());
      } catch (error) {
        // Already revoked, or unreachable: either way the stored session is dropped below.
        this.#logger.warn({ err: error }, 'telegram logout failed');
      }
    } else if (this.#authorized) {
      // The authorization stays listed among the account's devices until the owner ends it there.
      this.#logger.warn('telegram logout while disconnected: session forgotten here only');
    }
    this.#forgetAccount();
    this.#events.credentials('');
    this.#setStatus('not_authenticated', { reason: 'logged_out' });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#login.reset();
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#wake?.();
    try {
      await this.#client.destroy();
    } catch (error) {
      this.#logger.warn({ err: error }, 'telegram client did not close cleanly');
    }
  }

  async #run(firstAttemptDone: () => void): Promise<void> {
    this.#setStatus('loading');
    for (let attempt = 0; !this.#closed; attempt += 1) {
      const settled = await this.#connectOnce();
      firstAttemptDone();
      if (settled || this.#closed) return;
      await this.#sleep(CONNECT_BACKOFF_MS[Math.min(attempt, CONNECT_BACKOFF_MS.length - 1)] ?? 60_000);
    }
  }

  // True once the session knows where it stands (authorized or logged out); false to try again.
  async #connectOnce(): Promise<boolean> {
    if (!this.#connected) {
      let connected = false;
      try {
        connected = await this.#client.connect();
      } catch (error) {
        this.#logger.warn({ err: error }, 'telegram connect failed');
      }
      if (this.#closed) return true;
      if (!connected) {
        this.#setStatus('loading', { reason: 'connect_failed' });
        return false;
      }
      this.#connected = true;
    }
    try {
      const [me] = await this.#client.invoke(new Api.users.GetUsers({ id: [new Api.InputUserSelf()] }));
      if (this.#closed) return true;
      if (!(me instanceof Api.User)) throw new Error('users.getUsers returned no user for self');
      this.#becomeAuthorized(me, false);
      return true;
    } catch (error) {
      if (this.#closed) return true;
      const revoked = revokedCode(error);
      if (!revoked) {
        this.#logger.warn({ err: error }, 'telegram authorization check failed');
        this.#setStatus('loading', { reason: 'auth_check_failed' });
        return false;
      }
      // A fresh auth key is simply not logged in yet; a stored one that fails was revoked.
      if (this.#hasStoredSession) this.#revoke(revoked);
      else this.#setStatus('not_authenticated', { reason: 'login_required' });
      return true;
    }
  }

  #becomeAuthorized(user: Api.TypeUser, fresh: boolean): void {
    this.#authorized = true;
    this.#hasStoredSession = true;
    if (user instanceof Api.User) {
      this.#phone = user.phone ? digitsOf(user.phone) : null;
      this.#peers.remember(user);
    }
    if (fresh) {
      const serialized = this.#client.session.save();
      if (typeof serialized === 'string' && serialized) this.#events.credentials(serialized);
      else this.#logger.error('telegram session produced no string to store');
    }
    this.#setStatus('authenticated', this.#phoneDetail());
    // Telegram pushes updates (inbound messages, read receipts) to a session only after it has
    // asked for the update state once.
    this.#client.invoke(new Api.updates.GetState()).catch((error: unknown) => {
      this.#logger.warn({ err: error }, 'telegram updates.getState failed');
    });
  }

  // The authorization is gone for good: the stored session is worthless.
  #revoke(code: string): void {
    this.#forgetAccount();
    this.#events.credentials('');
    this.#setStatus(code === 'USER_DEACTIVATED_BAN' ? 'blocked' : 'not_authenticated', { reason: code });
  }

  #forgetAccount(): void {
    this.#authorized = false;
    this.#hasStoredSession = false;
    this.#phone = null;
    this.#login.reset();
    this.#peers.clear();
    this.#reads.clear();
    this.#sentByRandomId.clear();
  }

  #onUpdate(update: unknown): void {
    if (this.#closed) return;
    if (update instanceof UpdateConnectionState) this.#onConnectionState(update.state);
    else if (update instanceof Api.UpdateLoginToken) this.#login.onLoginTokenUpdate();
    else if (update instanceof Api.UpdateReadHistoryOutbox) this.#onReadOutbox(update);
    else if (update instanceof Api.UpdateNewMessage || update instanceof Api.UpdateShortMessage) {
      // Serialized, so messages reach the core in the order Telegram sent them even when looking
      // up one sender takes a request.
      this.#inbound = this.#inbound
        .then(() => this.#deliverInbound(update))
        .catch((error: unknown) => this.#logger.error({ err: error }, 'telegram inbound message dropped'));
    }
  }

  #onConnectionState(state: number): void {
    // GramJS reconnects by itself (connectionRetries, autoReconnect); we only report it.
    this.#connected = state === UpdateConnectionState.connected;
    if (!this.#authorized) return;
    if (this.#connected) this.#setStatus('authenticated', this.#phoneDetail());
    else this.#setStatus('loading', { reason: 'reconnecting' });
  }

  #onReadOutbox(update: Api.UpdateReadHistoryOutbox): void {
    if (!(update.peer instanceof Api.PeerUser)) return;
    for (const id of this.#reads.readUpTo(update.peer.userId.toString(), update.maxId)) {
      this.#events.ack(String(id), 'read');
    }
  }

  async #deliverInbound(update: unknown): Promise<void> {
    const incoming = incomingPrivateMessage(update);
    if (!incoming || incoming.userId.equals(TELEGRAM_SERVICE_USER_ID)) return;
    let sender: KnownUser | null = null;
    try {
      sender = await this.#peers.describeUser(incoming.userId);
    } catch (error) {
      // Still worth delivering: the core keeps it under the user's Telegram id.
      this.#logger.warn({ err: error, userId: incoming.userId.toString() }, 'telegram sender lookup failed');
    }
    if (this.#closed || sender?.bot) return;
    this.#events.inbound({
      providerMessageId: String(incoming.id),
      from: sender?.phone || `tg${incoming.userId.toString()}`,
      name: sender?.name ?? null,
      at: new Date(incoming.date * 1000),
      ...incoming.content,
    });
  }

  #onBackgroundLoginResult(result: LoginResult): void {
    // Reached after a scan or a token refresh, when no login() call is waiting: only the status can tell.
    if (result.result === '2fa') this.#setStatus('not_authenticated', { reason: '2fa' });
    else if (result.result === 'error') this.#setStatus('not_authenticated', { reason: result.detail ?? result.error });
  }

  async #deliver(peer: Api.InputPeerUser, message: OutboundMessage, randomId: Long): Promise<Api.TypeUpdates> {
    if (!message.media) {
      return this.#client.invoke(new Api.messages.SendMessage({ peer, message: message.text, randomId }));
    }
    const { media } = message;
    const uploaded = await this.#client.uploadFile({
      file: new CustomFile(media.fileName, media.data.length, '', media.data),
      workers: 1,
    });
    return this.#client.invoke(
      new Api.messages.SendMedia({ peer, media: outboundMedia(media, uploaded), message: message.text, randomId }),
    );
  }

  #sent(providerMessageId: string, randomId: Long): SendResult {
    this.#sentByRandomId.set(randomId.toString(), providerMessageId);
    if (this.#sentByRandomId.size > MAX_REMEMBERED_SENDS) {
      const oldest = this.#sentByRandomId.keys().next().value;
      if (oldest !== undefined) this.#sentByRandomId.delete(oldest);
    }
    // Telegram has no delivery receipt for user accounts: accepted by Telegram is as far as we
    // can see. Reported after send() has returned, so the core knows the id before its ack.
    setImmediate(() => this.#events.ack(providerMessageId, 'delivered'));
    return { ok: true, providerMessageId };
  }

  #phoneDetail(): { phone: string } | undefined {
    return this.#phone ? { phone: this.#phone } : undefined;
  }

  // Reports a status only when it changed, so reconnect flaps and every QR refresh do not each
  // cost the core a write.
  #setStatus(status: ChannelStatus, detail?: { reason?: string; phone?: string }): void {
    const key = JSON.stringify([status, detail?.reason ?? null, detail?.phone ?? null]);
    if (key === this.#lastStatus) return;
    this.#lastStatus = key;
    this.#events.status(status, detail);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = undefined;
        resolve();
      };
      this.#retryTimer = setTimeout(() => this.#wake?.(), ms);
      this.#retryTimer.unref();
    });
  }
}
