import { z } from 'zod';
import { BOT_LINK_KINDS, parseBotDeepLink } from './bot-links.js';

// The sandbox's dev API (/api/dev/sandbox/*): the other side of the simulated phone network —
// the phone that scans a QR or types a pairing code, and the clients who read and reply.
// Enabled only when the sandbox drivers run.
export const sandboxAccountWire = z.object({
  instance_id: z.string(),
  kind: z.string(),
  state: z.string(),
  phone: z.string().nullable(),
  qr: z.string().nullable(),
  qr_expires_at: z.string().nullable(),
  pairing_code: z.string().nullable(),
  login_code: z.string().nullable(),
  two_factor: z.boolean(),
});
export const sandboxStateResponse = z.object({ ok: z.literal(true), accounts: z.array(sandboxAccountWire) });

export const sandboxMessageWire = z.object({
  id: z.number().int(),
  instance_id: z.string(),
  kind: z.string(),
  // from_salon: typed on the salon's own linked phone (POST /dev/sandbox/salon_message).
  direction: z.enum(['to_client', 'from_client', 'from_salon']),
  phone: z.string(),
  name: z.string().nullable(),
  body: z.string(),
  // A file the message carried (the phone shows its name; the bytes are not kept).
  media: z.object({ file_name: z.string(), content_type: z.string(), size: z.number().int() }).nullable(),
  // A bot's message that carries the messenger's "share my phone" button.
  ask_contact: z.boolean(),
  status: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type SandboxMessageWire = z.infer<typeof sandboxMessageWire>;
export const sandboxMessagesQuery = z.object({
  phone: z
    .string()
    .regex(/^\d{10,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const sandboxMessagesResponse = z.object({ ok: z.literal(true), messages: z.array(sandboxMessageWire) });

export const sandboxScanBody = z.object({ qr: z.string().min(1), phone: z.string().regex(/^\d{10,15}$/) });
export const sandboxPairingBody = z.object({ code: z.string().min(8).max(9) });
export const sandboxReplyBody = z.object({
  phone: z.string().regex(/^\d{10,15}$/),
  text: z.string().min(1).max(4096),
  name: z.string().max(100).optional(),
});
// The salon types a message to a client on its own linked phone (WhatsApp: fromMe). The result is
// 'sent', or 'not_linked' when the account is not linked.
export const sandboxSalonMessageBody = z.object({
  instance_id: z.string().min(1).max(100),
  phone: z.string().regex(/^\d{10,15}$/),
  text: z.string().min(1).max(4096),
});
export const sandboxNetworkBody = z.object({
  instance_id: z.string().min(1),
  event: z.enum(['ban', 'drop', 'logout', 'unban']),
});
export const sandboxResultResponse = z.object({ ok: z.literal(true), result: z.string() });

// The salon's bots (issue 19), from the client's phone. The phone opens a bot deep link and presses
// Start: 'started', or 'unknown_bot' when no connected bot of the branch has that username.
export const sandboxBotStartBody = z.object({
  phone: z.string().regex(/^\d{10,15}$/),
  link: z
    .string()
    .max(300)
    .refine((link) => parseBotDeepLink(link.trim()) !== null, { message: 'not a bot deep link' }),
  name: z.string().max(100).optional(),
});
// The phone shares its number through the bot's contact button ('shared'), or stops the bot
// ('stopped'); 'not_started' when the phone never started that bot, 'no_bot' when the branch has
// no such bot.
export const sandboxBotBody = z.object({
  phone: z.string().regex(/^\d{10,15}$/),
  kind: z.enum(BOT_LINK_KINDS),
  name: z.string().max(100).optional(),
});
