import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';
import { MAX_ATTACHMENT_BYTES } from './attachments.js';

// SPEC 5: the phone search runs with at least 10 characters, digits or '*' (any digit).
export const CHAT_PHONE_PATTERN = /^[\d*]{10,15}$/;

// A conversation is the branch's chat with one client's phone. Its id is the id of the first message
// of that phone, so a cabinet user who must not see numbers (hide_translation_phones) can still
// open and answer it.
const conversationId = z.coerce.number().int().positive().max(INT4_MAX);

// GET /chat_history: by phone search (SPEC 7) or, from the inbox list, by conversation.
export const chatHistoryQuery = z
  .object({
    phone: z.string().regex(CHAT_PHONE_PATTERN, { message: 'invalid_phone_search' }).optional(),
    conversationId: conversationId.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .refine((q) => q.phone !== undefined || q.conversationId !== undefined, {
    message: 'invalid_phone_search',
    path: ['phone'],
  });
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

export const CHAT_CHANNELS = ['whatsapp', 'telegram', 'sms'] as const;
export const chatChannel = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof chatChannel>;

// Who wrote a message: the client, someone at the salon (from its phone or from the cabinet), or
// the system's bot (templates, send-outs, auto-replies).
export const chatAuthor = z.enum(['client', 'salon', 'bot']);
export type ChatAuthor = z.infer<typeof chatAuthor>;

// Where a message the salon sent stands: waiting in the outbox, sent, delivered, read, or refused.
export const chatDeliveryStatus = z.enum(['pending', 'sent', 'delivered', 'read', 'failed']);
export type ChatDeliveryStatus = z.infer<typeof chatDeliveryStatus>;

// SPEC 3 Chat history row, with the conversation and the author the inbox shows.
export const chatRowWire = z.object({
  type: z.enum(['text', 'file', 'geo', 'contact']),
  name: z.string().nullable(),
  date: z.string(),
  body: z.string(),
  phoneNumber: z.string(),
  direction: z.enum(['incoming', 'outgoing', 'bot']),
  channel: chatChannel,
  fileData: z.object({ size: z.number(), fileName: z.string(), contentType: z.string() }).nullable(),
  caption: z.string().nullable(),
  conversationId: z.number().int(),
  author: chatAuthor,
  // The client's name (CRM, else the messenger's), the cabinet user's name, or null for the bot.
  authorName: z.string().nullable(),
  // Only for what the salon or the bot sent through the outbox.
  status: chatDeliveryStatus.nullable(),
});
export type ChatRowWire = z.infer<typeof chatRowWire>;

export const chatHistoryResponse = z.object({
  ok: z.literal(true),
  messages: z.array(chatRowWire),
  // 'messages not found' is not an error (SPEC 8): an empty list with this status.
  status: z.string().nullable(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;
export const CHAT_NOT_FOUND = 'messages not found';

// GET /chat_conversations: the inbox, latest conversation first.
export const CHAT_CONVERSATIONS_PAGE = 30;
export const chatConversationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_CONVERSATIONS_PAGE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const chatConversationWire = z.object({
  conversationId: z.number().int(),
  phoneNumber: z.string(),
  // The client's name in the CRM, else the last name the messenger gave, else null.
  name: z.string().nullable(),
  // The channel of the client's latest message (the one a reply goes out on).
  channel: chatChannel,
  lastMessage: z.object({
    type: chatRowWire.shape.type,
    body: z.string(),
    caption: z.string().nullable(),
    fileName: z.string().nullable(),
    date: z.string(),
    author: chatAuthor,
  }),
  unread: z.number().int().min(0),
});
export type ChatConversationWire = z.infer<typeof chatConversationWire>;

export const chatConversationsResponse = z.object({
  ok: z.literal(true),
  conversations: z.array(chatConversationWire),
  // Whether another page follows.
  more: z.boolean(),
});
export type ChatConversationsResponse = z.infer<typeof chatConversationsResponse>;

// POST /chat_read {conversationId}: everything the client wrote so far counts as read.
export const chatReadBody = z.object({ conversationId });
export const chatReadResponse = z.object({ ok: z.literal(true), unread: z.literal(0) });

// POST /chat_reply (multipart: conversationId, text, requestId, optional `file`): the salon answers
// on the client's channel through the outbox. requestId (chosen by the cabinet per reply) is the
// idempotency key: a repeated request never sends twice.
export const CHAT_REPLY_MAX_TEXT = 4096;
export const CHAT_REPLY_MAX_FILE_BYTES = MAX_ATTACHMENT_BYTES;
export const chatReplyFields = z.object({
  conversationId,
  text: z.string().max(CHAT_REPLY_MAX_TEXT, { message: 'text_too_long' }).default(''),
  requestId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { message: 'invalid_request_id' }),
});
export type ChatReplyFields = z.infer<typeof chatReplyFields>;
export const chatReplyResponse = z.object({ ok: z.literal(true), message: chatRowWire });
export type ChatReplyResponse = z.infer<typeof chatReplyResponse>;

// Refusals of /chat_reply (status texts, translated by the cabinet).
export const CHAT_REPLY_STATUS = {
  empty: 'empty message',
  noChannel: 'client channel not connected',
  fileTooBig: 'file too big',
  unsupportedFile: 'unsupported file type',
} as const;
