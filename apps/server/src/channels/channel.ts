import type { ChannelStatus } from '@salon/contract/accounts';

// The channel port: every way of reaching a client's phone (WhatsApp, Telegram user account, the
// salon's own Telegram bot, the MAX messenger's bot, SMS, and the sandbox that stands in for all of
// them) is a driver behind these interfaces. The core owns persistence, pacing, priority and
// fallback; a driver only speaks its provider's protocol.

// In the default order of the cascade (the branch's channel priority reorders it).
export const CHANNEL_KINDS = ['whatsapp', 'telegram', 'tg_bot', 'max', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

// Bots reach only people who started them and shared their phone through the bot's contact request
// (INTEGRATIONS.md): the core links the messenger's user to the client's phone (channels/reach) and
// sends to that user's chat id, never to a phone.
export const BOT_KINDS = ['tg_bot', 'max'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export function isBotKind(kind: string): kind is BotKind {
  return (BOT_KINDS as readonly string[]).includes(kind);
}

// What a bot's user did that the core must know to link them to a client (bots only).
export type SubscriberEvent =
  // Pressed Start, from a deep link (`startToken`: its payload, our per-client invite token) or not.
  | { type: 'started'; address: string; name: string | null; startToken: string | null }
  // Shared their own phone through the contact request (drivers check it is the sender's own
  // contact, not someone else's card). `phone`: digits in international form.
  | { type: 'contact'; address: string; name: string | null; phone: string }
  // Blocked or stopped the bot: messages to them fail until they start it again.
  | { type: 'stopped'; address: string };

// The bot's answer to a subscriber event, written by the core (texts are the salon's) and sent by
// the driver to that user: `askContact` shows the messenger's "share my phone" button with it.
export interface SubscriberReply {
  text: string;
  askContact: boolean;
}

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
  // Resolves once the message is stored (and offered to the reply handlers). Bots report `from` as
  // the user's address (chat id); the core turns a linked one into the client's phone.
  inbound(message: InboundMessage): void | Promise<void>;
  // Bots: a user started the bot, shared their phone or stopped it. Resolves with what to answer
  // (null: nothing) once the link is stored.
  subscriber(event: SubscriberEvent): Promise<SubscriberReply | null>;
}

export interface OutboundMessage {
  // Stable for one outbox row across retries and crashes. Drivers pass it where the provider
  // deduplicates (WhatsApp message id, Telegram random_id, an SMS client id), so a resend after a
  // crash does not reach the client twice.
  idempotencyKey: string;
  // Digits of the recipient's phone in international form, e.g. 79161234567; for a bot, the chat id
  // (address) of the messenger user linked to that phone.
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
  | { step: 'password'; password: string }
  // Bots: the token the salon got from @BotFather / MAX's MasterBot. Checked with the provider
  // (getMe / GET /me); on success the driver reports it as the credentials and the bot's username
  // as the status detail's `phone` (the handle the opt-in links point at).
  | { step: 'bot_token'; token: string };

export type LoginError =
  | 'invalid_phone'
  | 'wrong_code'
  | 'code_expired'
  | 'wrong_password'
  | 'too_soon'
  | 'flood'
  | 'invalid_token'
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
  // Bots in webhook mode: one update the provider posted to our webhook (its secret already checked
  // by the route), handed to the process holding the session through the command queue.
  handleUpdate?(update: unknown): Promise<void>;
}

export interface ChannelInstanceRef {
  // Our id of this channel connection (one per branch and kind).
  id: string;
  accId: number;
}

// Where a bot driver asks its provider to post updates (webhook mode, when PUBLIC_BASE_URL is set);
// without it the session long-polls.
export interface BotWebhook {
  url(instanceId: string): string;
  // The per-instance secret the provider echoes in its header (X-Telegram-Bot-Api-Secret-Token,
  // X-Max-Bot-Api-Secret); the route refuses an update without it.
  secret(instanceId: string): string;
}

export interface ChannelDriver {
  readonly kind: ChannelKind;
  // 'baileys', 'gramjs', 'sandbox', 'sms:smsru', ...
  readonly provider: string;
  // Opens a session with the stored credentials (null: never logged in). It connects in the
  // background and reports through `events`; it reconnects by itself after drops.
  open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<ChannelSession>;
}
