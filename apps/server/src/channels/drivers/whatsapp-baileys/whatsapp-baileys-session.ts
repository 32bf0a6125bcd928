import type { BaileysEventMap } from '@whiskeysockets/baileys';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Logger } from '../../../platform/logger.js';
import type {
  ChannelEvents,
  ChannelInstanceRef,
  ChannelSession,
  LoginResult,
  LoginStep,
  OutboundMessage,
  SendResult,
} from '../../channel.js';
import { AckTracker, ackOf } from './ack-tracker.js';
import { createAuthStore, isLinked, type AuthStore } from './auth-state.js';
import { CredentialsWriter } from './credentials-writer.js';
import { inboundFrom } from './inbound-message.js';
import { chatJid, ownPhone } from './jid.js';
import { sendOutbound, type SenderDeps } from './outbound-sender.js';
import { disconnectCode } from './provider-errors.js';
import { RecipientDirectory } from './recipient-directory.js';
import { afterOpen, decideAfterDrop, freshHistory, type ReconnectHistory } from './reconnect-policy.js';
import { safeEvents } from '../../safe-events.js';
import { socketConfig, type BaileysLogger, type MakeSocket, type WhatsappSocket } from './socket.js';
import { Waiters } from './waiters.js';

// WhatsApp's own lifetimes: the first QR of a connection lives ~60 s, each later one ~20 s, and a
// pairing code ~160 s (the QR refs of the connection run out at the same time).
export const FIRST_QR_TTL_MS = 60_000;
export const NEXT_QR_TTL_MS = 20_000;
export const PAIRING_CODE_TTL_MS = 160_000;
// How long login() waits for the socket to produce its first QR (or to open).
export const LOGIN_WAIT_MS = 15_000;
export const CREDENTIALS_COALESCE_MS = 150;
const ACKS_REMEMBERED = 50_000;
// Chats of recent inbound messages, for read receipts: a sender known by LID is read under that chat.
const INBOUND_CHATS_REMEMBERED = 5_000;
const PAIRING_PHONE = /^\d{10,15}$/;

export interface SessionDeps {
  instance: ChannelInstanceRef;
  credentials: string | null;
  events: ChannelEvents;
  logger: Logger;
  makeSocket: MakeSocket;
  now: () => Date;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  typingMs: number;
}

// What a waiting login() learns next.
type LoginSignal =
  | { kind: 'qr'; qr: string; expiresAt: Date }
  | { kind: 'open' }
  | { kind: 'stopped'; reason: string }
  | { kind: 'timeout' };

// running: a socket is up or a reconnect is scheduled. stopped: nothing happens until login() (logged
// out, paused after drops, QR expired, blocked, replaced). closed: close() was called, for good.
type Lifecycle = 'running' | 'stopped' | 'closed';

const AUTH_SUCCESS: LoginResult = { result: 'auth_success' };

function providerError(detail: string): LoginResult {
  return { result: 'error', error: 'provider_error', detail };
}

export class WhatsappBaileysSession implements ChannelSession {
  readonly #events: ChannelEvents;
  readonly #logger: Logger;
  readonly #baileysLogger: BaileysLogger;
  readonly #makeSocket: MakeSocket;
  readonly #now: () => Date;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #writer: CredentialsWriter;
  readonly #acks = new AckTracker(ACKS_REMEMBERED);
  readonly #signals = new Waiters<LoginSignal>();
  readonly #sender: SenderDeps;
  readonly #inboundChats = new Map<string, string>();

  #auth: AuthStore;
  #lifecycle: Lifecycle = 'running';
  #sock: WhatsappSocket | null = null;
  #detachListeners: (() => void) | null = null;
  // Bumped whenever the current socket is replaced or dropped: events from an older socket are ignored.
  #socketGen = 0;
  // Bumped whenever a scheduled reconnect must not happen any more.
  #reconnectTicket = 0;
  #open = false;
  #qr: { value: string; expiresAt: Date } | null = null;
  #qrCount = 0;
  #history: ReconnectHistory = freshHistory;
  #pairing: { phone: string; code: string; expiresAt: Date } | null = null;
  #pairingRequest: { phone: string; result: Promise<LoginResult> } | null = null;
  #lastStatus: string | null = null;

  constructor(deps: SessionDeps) {
    this.#logger = deps.logger.child({ channelId: deps.instance.id, accId: deps.instance.accId, provider: 'baileys' });
    this.#events = safeEvents(deps.events, this.#logger);
    // Baileys logs every frame at info; only its warnings belong in our logs.
    const quiet = ['error', 'fatal', 'silent'].includes(this.#logger.level);
    this.#baileysLogger = this.#logger.child({ module: 'baileys' }, { level: quiet ? this.#logger.level : 'warn' });
    this.#makeSocket = deps.makeSocket;
    this.#now = deps.now;
    this.#random = deps.random;
    this.#sleep = deps.sleep;
    this.#writer = new CredentialsWriter(CREDENTIALS_COALESCE_MS, deps.sleep, () =>
      this.#events.credentials(this.#auth.serialize()),
    );
    this.#auth = this.#loadAuth(deps.credentials);
    this.#sender = {
      socket: () => (this.#open ? this.#sock : null),
      directory: new RecipientDirectory(deps.now),
      typingMs: deps.typingMs,
      sleep: deps.sleep,
      logger: this.#logger,
    };
  }

  start(): void {
    this.#report('loading');
    this.#connect();
  }

  async login(step: LoginStep): Promise<LoginResult> {
    if (this.#lifecycle === 'closed') return providerError('session_closed');
    switch (step.step) {
      case 'qr':
        return this.#loginWithQr();
      case 'pairing_code':
        return this.#loginWithPairingCode(step.phone);
      default:
        // Phone, code and password are Telegram's steps.
        return { result: 'error', error: 'not_supported' };
    }
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    if (this.#lifecycle === 'closed' || !this.#open) return { ok: false, failure: 'not_connected' };
    return sendOutbound(this.#sender, message);
  }

  // Read receipts go out only on an open connection; a closed one has nobody to tell, and the
  // caller's mark is best effort.
  async markRead(chat: string, providerMessageIds: string[]): Promise<void> {
    const sock = this.#open ? this.#sock : null;
    if (this.#lifecycle === 'closed' || !sock || providerMessageIds.length === 0) return;
    await sock.readMessages(
      providerMessageIds.map((id) => ({ remoteJid: this.#inboundChats.get(id) ?? chatJid(chat), id, fromMe: false })),
    );
  }

  async logout(): Promise<void> {
    if (this.#lifecycle === 'closed') return;
    const sock = this.#sock;
    const wasOpen = this.#open;
    // Local state changes first and at once: our listeners go (the 401 close Baileys emits for its own
    // logout is expected), the dead credentials are replaced, and a login() racing the provider call
    // already starts from fresh ones. The socket keeps its own reference to the old credentials.
    this.#dropSocket();
    this.#replaceCredentials();
    this.#stop('not_authenticated', 'logged_out');
    if (!sock) return;
    try {
      if (wasOpen) await sock.logout();
      else await sock.end(undefined);
    } catch (err) {
      this.#logger.warn({ err }, 'whatsapp logout at the provider failed; the credentials are forgotten anyway');
      await sock.end(undefined).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.#lifecycle === 'closed') return;
    this.#lifecycle = 'closed';
    const sock = this.#sock;
    this.#dropSocket();
    this.#signals.settle({ kind: 'stopped', reason: 'session_closed' });
    await sock
      ?.end(undefined)
      .catch((err: unknown) => this.#logger.warn({ err }, 'whatsapp socket did not end cleanly'));
    this.#writer.close();
  }

  async #loginWithQr(): Promise<LoginResult> {
    if (this.#loggedIn()) {
      // Linked already: no QR will come. A paused session is woken up, which is what the user wanted.
      this.#wake();
      return AUTH_SUCCESS;
    }
    this.#wake();
    const live = this.#qr;
    if (live && live.expiresAt.getTime() > this.#now().getTime()) {
      return { result: 'qr', qr: live.value, expiresAt: live.expiresAt };
    }
    const signal = await this.#signals.wait(LOGIN_WAIT_MS, this.#sleep, { kind: 'timeout' });
    switch (signal.kind) {
      case 'qr':
        return { result: 'qr', qr: signal.qr, expiresAt: signal.expiresAt };
      case 'open':
        return AUTH_SUCCESS;
      case 'stopped':
        return providerError(signal.reason);
      case 'timeout':
        return providerError('qr_timeout');
    }
  }

  async #loginWithPairingCode(phone: string): Promise<LoginResult> {
    if (!PAIRING_PHONE.test(phone)) return { result: 'error', error: 'invalid_phone' };
    if (this.#loggedIn()) {
      this.#wake();
      return AUTH_SUCCESS;
    }
    // Asking again would replace a code the user may be typing: the same phone gets the same code,
    // another phone waits until it expires (the spec's "too soon").
    const nowMs = this.#now().getTime();
    const live = this.#pairing;
    if (live && live.expiresAt.getTime() > nowMs) {
      if (live.phone === phone) return { result: 'pairing_code', code: live.code, expiresAt: live.expiresAt };
      return { result: 'error', error: 'too_soon', retryAfterMs: live.expiresAt.getTime() - nowMs };
    }
    const inFlight = this.#pairingRequest;
    if (inFlight) return inFlight.phone === phone ? inFlight.result : { result: 'error', error: 'too_soon' };
    const result = this.#requestPairingCode(phone);
    this.#pairingRequest = { phone, result };
    try {
      return await result;
    } finally {
      this.#pairingRequest = null;
    }
  }

  async #requestPairingCode(phone: string): Promise<LoginResult> {
    this.#wake();
    // A pairing code can be requested only once the socket is talking to WhatsApp, and the first QR is
    // the sign of that; earlier, Baileys fails with 'Connection Closed'.
    if (!this.#readyForPairing()) {
      const signal = await this.#signals.wait(LOGIN_WAIT_MS, this.#sleep, { kind: 'timeout' });
      if (signal.kind === 'open') return AUTH_SUCCESS;
      if (signal.kind === 'stopped') return providerError(signal.reason);
      if (signal.kind === 'timeout' || !this.#readyForPairing()) return providerError('not_ready');
    }
    const sock = this.#sock;
    if (!sock) return providerError('not_connected');
    let code: string;
    try {
      code = await sock.requestPairingCode(phone);
    } catch (err) {
      this.#logger.warn({ err }, 'whatsapp pairing code request failed');
      return providerError(err instanceof Error ? err.message : String(err));
    }
    if (sock !== this.#sock) return providerError('connection_lost');
    const expiresAt = new Date(this.#now().getTime() + PAIRING_CODE_TTL_MS);
    this.#pairing = { phone, code, expiresAt };
    return { result: 'pairing_code', code, expiresAt };
  }

  // An open connection is proof enough, whatever the credential flags say.
  #loggedIn(): boolean {
    return this.#open || isLinked(this.#auth.state.creds);
  }

  #readyForPairing(): boolean {
    return this.#sock !== null && !this.#open && this.#qrCount > 0;
  }

  #connect(): void {
    this.#dropSocket();
    // A pairing code that was never entered leaves `creds.me` set on an unlinked device, and Baileys then
    // tries to log in as a device WhatsApp never registered (and fails with 401). Start such a session
    // over from fresh credentials.
    const creds = this.#auth.state.creds;
    if (creds.me && !isLinked(creds)) this.#replaceCredentials();
    this.#reconnectTicket++;
    const gen = ++this.#socketGen;
    let sock: WhatsappSocket;
    try {
      sock = this.#makeSocket(socketConfig(this.#auth.state, this.#baileysLogger));
    } catch (err) {
      this.#logger.error({ err }, 'could not create a whatsapp socket');
      this.#onClose(undefined);
      return;
    }
    this.#sock = sock;
    this.#detachListeners = this.#listen(sock, gen);
  }

  #listen(sock: WhatsappSocket, gen: number): () => void {
    const current = (): boolean => gen === this.#socketGen;
    const onConnection = (update: BaileysEventMap['connection.update']): void => {
      if (!current()) return;
      if (update.qr) this.#onQr(update.qr);
      if (update.connection === 'open') this.#onOpen();
      else if (update.connection === 'close') this.#onClose(disconnectCode(update.lastDisconnect?.error));
    };
    const onCreds = (update: BaileysEventMap['creds.update']): void => {
      if (!current()) return;
      // Baileys applies the update to the same object in its own listener; doing it here as well means
      // the report never depends on which listener ran first.
      Object.assign(this.#auth.state.creds, update);
      this.#writer.schedule();
    };
    const onUpsert = ({ messages, type }: BaileysEventMap['messages.upsert']): void => {
      // 'append' is history and our own sends; only 'notify' is news.
      if (!current() || type !== 'notify') return;
      for (const message of messages) {
        const inbound = inboundFrom(message, this.#now());
        if (!inbound) continue;
        if (!inbound.fromSalon && message.key.remoteJid)
          this.#rememberChat(inbound.providerMessageId, message.key.remoteJid);
        this.#events.inbound(inbound);
      }
    };
    const onUpdate = (updates: BaileysEventMap['messages.update']): void => {
      if (!current()) return;
      for (const { key, update } of updates) {
        if (!key.fromMe || !key.id) continue;
        const ack = ackOf(update.status);
        if (ack && this.#acks.raise(key.id, ack)) this.#events.ack(key.id, ack);
      }
    };
    sock.ev.on('connection.update', onConnection);
    sock.ev.on('creds.update', onCreds);
    sock.ev.on('messages.upsert', onUpsert);
    sock.ev.on('messages.update', onUpdate);
    return () => {
      sock.ev.off('connection.update', onConnection);
      sock.ev.off('creds.update', onCreds);
      sock.ev.off('messages.upsert', onUpsert);
      sock.ev.off('messages.update', onUpdate);
    };
  }

  #rememberChat(messageId: string, jid: string): void {
    this.#inboundChats.set(messageId, jid);
    // Oldest first out: a Map iterates in insertion order.
    if (this.#inboundChats.size > INBOUND_CHATS_REMEMBERED) {
      const oldest = this.#inboundChats.keys().next().value;
      if (oldest !== undefined) this.#inboundChats.delete(oldest);
    }
  }

  #onQr(qr: string): void {
    const ttl = this.#qrCount === 0 ? FIRST_QR_TTL_MS : NEXT_QR_TTL_MS;
    this.#qrCount++;
    const expiresAt = new Date(this.#now().getTime() + ttl);
    this.#qr = { value: qr, expiresAt };
    this.#events.qr(qr, expiresAt);
    this.#report('got qr code');
    this.#signals.settle({ kind: 'qr', qr, expiresAt });
  }

  #onOpen(): void {
    this.#open = true;
    this.#qr = null;
    this.#pairing = null;
    this.#history = afterOpen(this.#history);
    const phone = ownPhone(this.#sock?.user) ?? ownPhone(this.#auth.state.creds.me);
    this.#report('authenticated', phone ? { phone } : undefined);
    this.#signals.settle({ kind: 'open' });
  }

  #onClose(statusCode: number | undefined): void {
    const awaitingScan = !isLinked(this.#auth.state.creds) && this.#qrCount > 0;
    this.#dropSocket();
    const { outcome, history } = decideAfterDrop(this.#history, {
      statusCode,
      awaitingScan,
      nowMs: this.#now().getTime(),
      random: this.#random,
    });
    this.#history = history;
    this.#logger.info({ statusCode, outcome }, 'whatsapp connection closed');
    switch (outcome.action) {
      case 'restart':
        this.#report('loading');
        this.#connect();
        return;
      case 'backoff':
        this.#report('loading');
        this.#reconnectAfter(outcome.delayMs);
        return;
      case 'logged_out':
        this.#replaceCredentials();
        this.#stop('not_authenticated', 'logged_out');
        return;
      case 'blocked':
        this.#stop('blocked', 'forbidden');
        return;
      case 'replaced':
        this.#stop('error', 'connection_replaced');
        return;
      case 'qr_expired':
        this.#stop('not_authenticated', 'qr_expired');
        return;
      case 'pause':
        this.#stop('error', 'reconnect_paused');
        return;
    }
  }

  #reconnectAfter(delayMs: number): void {
    const ticket = ++this.#reconnectTicket;
    void this.#sleep(delayMs).then(() => {
      if (ticket === this.#reconnectTicket && this.#lifecycle === 'running' && !this.#sock) this.#connect();
    });
  }

  // Forgets the current socket (if any) without ending it; the caller ends it when it should.
  #dropSocket(): void {
    this.#detachListeners?.();
    this.#detachListeners = null;
    this.#sock = null;
    this.#socketGen++;
    this.#open = false;
    this.#qr = null;
    this.#qrCount = 0;
    this.#pairing = null;
  }

  // A login() is the user asking for a connection now: a stopped session starts again with a clean
  // drop history, and one waiting out a backoff stops waiting. Rare enough not to defeat the backoff.
  #wake(): void {
    if (this.#lifecycle === 'running' && this.#sock) return;
    this.#lifecycle = 'running';
    this.#history = freshHistory;
    this.#report('loading');
    this.#connect();
  }

  #stop(status: ChannelStatus, reason: string): void {
    this.#lifecycle = 'stopped';
    this.#reconnectTicket++;
    this.#report(status, { reason });
    this.#signals.settle({ kind: 'stopped', reason });
  }

  // Logged out: the old keys are worthless, and the next login needs fresh ones. Reported at once, so a
  // crash right after cannot bring the dead session back.
  #replaceCredentials(): void {
    this.#writer.cancel();
    this.#auth = this.#newAuthStore(null);
    this.#events.credentials(this.#auth.serialize());
  }

  #loadAuth(serialized: string | null): AuthStore {
    try {
      return this.#newAuthStore(serialized);
    } catch (err) {
      // Unreadable credentials cannot be repaired here; a new login (QR) is the way out.
      this.#logger.error({ err }, 'stored whatsapp credentials are unreadable; starting from fresh ones');
      return this.#newAuthStore(null);
    }
  }

  #newAuthStore(serialized: string | null): AuthStore {
    const store: AuthStore = createAuthStore(serialized, () => {
      if (this.#auth === store) this.#writer.schedule();
    });
    return store;
  }

  // Statuses are persisted by the core; a repeated one (every QR refresh, every failed reconnect) is noise.
  #report(status: ChannelStatus, detail?: { reason?: string; phone?: string }): void {
    const key = JSON.stringify([status, detail?.reason ?? null, detail?.phone ?? null]);
    if (key === this.#lastStatus) return;
    this.#lastStatus = key;
    if (detail) this.#events.status(status, detail);
    else this.#events.status(status);
  }
}
