import type { ChannelStatus } from '@salon/contract/accounts';

// The channel port: every way of reaching a client's phone (WhatsApp, Telegram, SMS, and the sandbox
// that stands in for all three) is a driver behind these interfaces. The core owns persistence,
// pacing, priority and fallback; a driver only speaks its provider's protocol.

export const CHANNEL_KINDS = ['whatsapp', 'telegram', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface InboundMessage {
  providerMessageId: string;
  // Digits of the sender's phone in international form (no '+'); a Telegram user without a visible
  // phone is 'tg' followed by their user id.
  from: string;
  name: string | null;
  at: Date;
  type: 'text' | 'file' | 'geo' | 'contact';
  body: string;
  caption: string | null;
  file: { fileName: string; contentType: string; size: number } | null;
  // Written by the salon itself on its own phone (WhatsApp: typed on the linked phone), not by the
  // client; `from` is then the client it was written to. The chat log keeps it as 'outgoing' (the
  // salon's) and no reply handler answers it; automatic replies stand back after it.
  fromSalon?: boolean;
}

// Acks only rise: server < delivered < read. 'failed' is final for that message.
export type Ack = 'server' | 'delivered' | 'read' | 'failed';

// What a live session reports. The core persists each call; drivers never touch the database.
export interface ChannelEvents {
  status(status: ChannelStatus, detail?: { reason?: string; phone?: string }): void;
  // A new QR (WhatsApp QR payload, or Telegram's tg://login?token=... link) and when it stops working.
  qr(value: string, expiresAt: Date): void;
  // The provider session to keep (Baileys auth state, GramJS StringSession), serialized; the core seals it.
  credentials(serialized: string): void;
  // Resolves once the ack is stored: a driver that must not report an ack twice (or lose it)
  // waits for this before forgetting it.
  ack(providerMessageId: string, ack: Ack): void | Promise<void>;
  // Resolves once the message is stored (and offered to the reply handlers).
  inbound(message: InboundMessage): void | Promise<void>;
}

export interface OutboundMessage {
  // Stable for one outbox row across retries and crashes. Drivers pass it where the provider
  // deduplicates (WhatsApp message id, Telegram random_id, an SMS client id), so a resend after a
  // crash does not reach the client twice.
  idempotencyKey: string;
  // Digits of the recipient's phone in international form, e.g. 79161234567.
  to: string;
  text: string;
  media: { fileName: string; contentType: string; data: Buffer } | null;
}

export type SendFailure =
  // The number has no account on this channel: try the next channel.
  | 'not_on_channel'
  | 'invalid_recipient'
  // Flood wait, 429, PEER_FLOOD: pause this number, retry later or fall back.
  | 'rate_limited'
  | 'banned'
  | 'not_connected'
  | 'provider_error';

export type SendResult =
  { ok: true; providerMessageId: string } | { ok: false; failure: SendFailure; retryAfterMs?: number; detail?: string };

export type LoginStep =
  | { step: 'qr' }
  | { step: 'pairing_code'; phone: string }
  | { step: 'phone'; phone: string }
  | { step: 'code'; code: string }
  | { step: 'password'; password: string };

export type LoginError =
  | 'invalid_phone'
  | 'wrong_code'
  | 'code_expired'
  | 'wrong_password'
  | 'too_soon'
  | 'flood'
  | 'not_supported'
  | 'provider_error';

export type LoginResult =
  | { result: 'qr'; qr: string; expiresAt: Date }
  | { result: 'pairing_code'; code: string; expiresAt: Date }
  | { result: 'code_sent' }
  | { result: '2fa' }
  | { result: 'auth_success' }
  | { result: 'error'; error: LoginError; retryAfterMs?: number; detail?: string };

export interface ChannelSession {
  // One step of a login flow (QR, pairing code, phone → code → 2FA password).
  login(step: LoginStep): Promise<LoginResult>;
  send(message: OutboundMessage): Promise<SendResult>;
  // Ends the account's session at the provider: the stored credentials stop working.
  logout(): Promise<void>;
  // Disconnects without logging out (shutdown, or the session moves to another worker).
  close(): Promise<void>;
  // Shows the client's messages in `chat` (an InboundMessage's `from`) as read by the salon: blue
  // ticks on WhatsApp, "read" on Telegram. Optional: SMS has no such thing.
  markRead?(chat: string, providerMessageIds: string[]): Promise<void>;
}

export interface ChannelInstanceRef {
  // Our id of this channel connection (one per branch and kind).
  id: string;
  accId: number;
}

export interface ChannelDriver {
  readonly kind: ChannelKind;
  // 'baileys', 'gramjs', 'sandbox', 'sms:smsru', ...
  readonly provider: string;
  // Opens a session with the stored credentials (null: never logged in). It connects in the
  // background and reports through `events`; it reconnects by itself after drops.
  open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<ChannelSession>;
}
