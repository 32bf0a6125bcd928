import { z } from 'zod';

// SPEC 5: the phone search runs with at least 10 characters, digits or '*' (any digit).
export const CHAT_PHONE_PATTERN = /^[\d*]{10,15}$/;
export const chatHistoryQuery = z.object({
  phone: z.string().regex(CHAT_PHONE_PATTERN, { message: 'invalid_phone_search' }),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

// SPEC 3 Chat history row.
export const chatRowWire = z.object({
  type: z.enum(['text', 'file', 'geo', 'contact']),
  name: z.string().nullable(),
  date: z.string(),
  body: z.string(),
  phoneNumber: z.string(),
  direction: z.enum(['incoming', 'outgoing', 'bot']),
  channel: z.enum(['whatsapp', 'telegram', 'sms']),
  fileData: z.object({ size: z.number(), fileName: z.string(), contentType: z.string() }).nullable(),
  caption: z.string().nullable(),
});
export type ChatRowWire = z.infer<typeof chatRowWire>;

export const chatHistoryResponse = z.object({
  ok: z.literal(true),
  messages: z.array(chatRowWire),
  // 'messages not found' is not an error (SPEC 8): an empty list with this status.
  status: z.string().nullable(),
});
export const CHAT_NOT_FOUND = 'messages not found';
