import { z } from 'zod';
import { channelStatusSchema } from './accounts.js';
import { normalizePhone } from './phone.js';

// SPEC 7 Connection. Channel names on the wire: WA and TG; the salon's own Telegram bot TGB and the
// MAX bot MAX (issue 19).
export const CHANNEL_CODES = ['WA', 'TG', 'TGB', 'MAX'] as const;
export const channelCodeSchema = z.enum(CHANNEL_CODES);
export type ChannelCode = z.infer<typeof channelCodeSchema>;

// Phones travel as digits (inputs keep only digits, SPEC 5) and come out by the phone rule as
// digits with the country code: '89991234567' and '9991234567' are '79991234567'.
export const phoneSchema = z.string().transform((raw, ctx) => {
  const phone = /^\d{1,15}$/.test(raw) ? normalizePhone(raw) : null;
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
    return z.NEVER;
  }
  return phone;
});

export const channelStateWire = z.object({
  status: channelStatusSchema,
  phone: z.string().nullable(),
  // Why the channel is in this state (logged_out, qr_expired, peer_flood, reconnect_paused, ...).
  reason: z.string().nullable(),
  // The governor's auto-pause, shown on the connection page with its reason.
  paused_until: z.string().nullable(),
  pause_reason: z.string().nullable(),
  qr: z.string().nullable(),
  qr_expires_at: z.string().nullable(),
  sent_today: z.number().int(),
  daily_cap: z.number().int().nullable(),
});
export type ChannelStateWire = z.infer<typeof channelStateWire>;

// A bot channel: its state (`phone` is the bot's username), the deep link clients open to start it,
// and how many clients are linked to it (started it and shared their phone).
export const botStateWire = channelStateWire.extend({
  bot_link: z.string().nullable(),
  linked_clients: z.number().int(),
});
export type BotStateWire = z.infer<typeof botStateWire>;

// GET /connection
export const connectionResponse = z.object({
  ok: z.literal(true),
  wa: channelStateWire,
  tg: channelStateWire,
  tg_bot: botStateWire,
  max: botStateWire,
  registry_consent: z.boolean(),
  sandbox: z.boolean(),
});
export type ConnectionResponse = z.infer<typeof connectionResponse>;

// GET /get_status_channel?channel=WA|TG
export const statusChannelQuery = z.object({ channel: channelCodeSchema });
export const statusChannelResponse = z.object({
  ok: z.literal(true),
  status: channelStatusSchema,
  phone: z.string().nullable(),
  messages: z.array(z.string()),
  change_channel_button: z.boolean(),
});

export const channelBody = z.object({ channel: channelCodeSchema });

// POST /connect_action (WhatsApp): logout, drop instance (with phone), clean message queue, reboot.
export const CONNECT_ACTIONS = ['logout', 'drop_instance', 'clean_queue', 'reboot'] as const;
export const connectActionBody = z.object({
  action: z.enum(CONNECT_ACTIONS),
  channel: channelCodeSchema.default('WA'),
  phone: z.string().optional(),
});
export const connectActionResponse = z.object({
  ok: z.literal(true),
  status: z.string(),
  cleaned: z.number().int().optional(),
});

// POST /connection/wa/qr_code and /connection/tg/qr_code
export const qrResponse = z.object({
  ok: z.literal(true),
  status: z.enum(['qr', 'auth_success', '2fa', 'error']),
  qr: z.string().nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});

// POST /connection/wa/auth_code {phone}: the 8-character pairing code.
export const pairingBody = z.object({ phone: phoneSchema });
export const pairingResponse = z.object({
  ok: z.literal(true),
  status: z.enum(['code', 'auth_success', 'too_soon', 'error']),
  code: z.string().nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});

// Telegram: POST /connection/tg/send_phone {phone}, /connection/tg/auth_code {code}, /connection/tg/auth_2fa {password}
export const tgPhoneBody = z.object({ phone: phoneSchema });
export const tgCodeBody = z.object({ code: z.string().regex(/^\d{3,8}$/, { message: 'invalid_code' }) });
export const tgPasswordBody = z.object({ password: z.string().min(1).max(256) });
export const tgStepResponse = z.object({
  ok: z.literal(true),
  status: z.enum(['code_sent', 'auth_success', '2fa', 'error', '2fa_error', 'auth_error']),
  error: z.string().nullable(),
  retry_after: z.number().int().nullable(),
});
export type TgStepResponse = z.infer<typeof tgStepResponse>;

// POST /connection/tg_bot/token and /connection/max/token {token}: connects the salon's bot, checked
// with the provider. Printable ASCII only; Telegram's tokens are '<digits>:<35 characters>'.
export const BOT_TOKEN_MAX = 256;
export const botTokenBody = z.object({
  token: z
    .string()
    .trim()
    .min(10, { message: 'invalid_token' })
    .max(BOT_TOKEN_MAX, { message: 'invalid_token' })
    .regex(/^[\x21-\x7e]+$/, { message: 'invalid_token' }),
});
export const botTokenResponse = z.object({
  ok: z.literal(true),
  status: z.enum(['auth_success', 'error']),
  // invalid_token (the provider refused it), provider_error, not_supported.
  error: z.string().nullable(),
  bot_username: z.string().nullable(),
});
export type BotTokenResponse = z.infer<typeof botTokenResponse>;

// POST /connection/registry_consent: the owner accepts the rules of the mass-messaging registry.
export const registryConsentBody = z.object({ accepted: z.literal(true) });

// POST /send_test_message {phone, text}: one message through the real dispatcher.
// `channel` pins the message to one channel (the bot tabs test their bot); without it the branch's
// channel priority applies.
export const testMessageBody = z.object({
  phone: phoneSchema,
  text: z.string().trim().min(1).max(4096),
  channel: channelCodeSchema.optional(),
});
export const testMessageResponse = z.object({ ok: z.literal(true), outbox_id: z.number().int() });
