import { z } from 'zod';
import { agentSettings } from './ai-agents.js';
import { INT4_MAX } from './db-limits.js';
import { isSafeText } from './text-rules.js';

// SPEC 3 "Chat message and status", SPEC 4 test chat, SPEC 7 AI host `/api/v1/test_chat/`, and the
// live conversations the AI administrator holds with clients (the /ai_admin page: who the bot talks
// to, who took over, which suggested answers wait for an admin). Mounted at /api/ai.
//
// Test chat (one per branch and cabinet user; `phone` is the pretend client's number):
//   GET    /api/ai/api/v1/test_chat/state?account_id                     → chatStatus
//   POST   /api/ai/api/v1/test_chat/state?account_id  chatStatePost      → chatStatus
//   GET    /api/ai/api/v1/test_chat/messages?account_id                  → testChatMessages
//   POST   /api/ai/api/v1/test_chat/message?account_id  testChatPost     → testChatMessages
//   PATCH  /api/ai/api/v1/test_chat/message?account_id  messageAction    → testChatMessages
//   DELETE /api/ai/api/v1/test_chat/?account_id                          → testChatMessages (empty)
//
// Live conversations:
//   GET    /api/ai/api/v1/conversations/?account_id&limit&skip          → conversationsResponse
//   GET    /api/ai/api/v1/conversations/messages?account_id&phone       → conversationMessages
//   POST   /api/ai/api/v1/conversations/takeover?account_id  takeoverBody  → conversationWire
//   PATCH  /api/ai/api/v1/conversations/recommendation?account_id  messageAction → conversationWire

// SPEC 4 test chat states ('active': the bot answers). The cabinet starts from locked/exclude_list
// until the first GET answers.
export const CHAT_STATES = [
  'active',
  'waiting_admin',
  'message_edited',
  'message_deleted',
  'locked_by_admin',
  'exclude_list',
  'disabled',
] as const;
export type ChatState = (typeof CHAT_STATES)[number];
export const DEFAULT_CHAT_STATUS = { state: 'locked_by_admin', reason: 'exclude_list', lasts_till: null } as const;

// Who answers a live conversation: the bot, nobody until `paused_till` (a person wrote from the
// salon's phone or paused it in the cabinet), or a person for good (handed over).
export const TAKEOVER_STATES = ['bot', 'paused', 'human'] as const;
export type TakeoverState = (typeof TAKEOVER_STATES)[number];
// How long a message the salon writes from its own phone pauses the bot in that chat.
export const HUMAN_PAUSE_MINUTES = 60;

// Why the bot handed a conversation to a person (statistics and the admin alert).
export const HANDOVER_REASONS = ['no_match', 'client_asked', 'provider_failed', 'booking_failed'] as const;
export type HandoverReason = (typeof HANDOVER_REASONS)[number];

const safe = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isSafeText, { message: 'unsafe_text' });
export const AI_CHAT_TEXT_MAX = 4000;

export const chatStatus = z.object({
  state: z.enum(CHAT_STATES),
  reason: z.string().nullable(),
  lasts_till: z.string().nullable(),
});
export type ChatStatus = z.infer<typeof chatStatus>;

// SPEC 3 Chat message (snake_case like the rest of the AI host). direction: 'incoming' from the
// client, 'outgoing' to the client. show_admin / show_client: who sees it (a suggested answer is
// shown to the admin only until sent); require_action: it waits for the admin.
export const chatMessage = z.object({
  id: z.number().int(),
  from: z.enum(['client', 'bot', 'admin']),
  text: z.string(),
  time: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  is_ai_response: z.boolean(),
  show_admin: z.boolean(),
  show_client: z.boolean(),
  require_action: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const accountQuery = z.object({
  // SPEC 7 names the branch as account_id too; when given it must equal acc_id (the session's branch).
  account_id: z.coerce.number().int().optional(),
  origin: z.string().max(200).optional(),
  backend: z.string().max(200).optional(),
});

export const chatStatePost = z
  .object({
    // An admin locks the test chat (as a person taking over would) or lets the bot answer again.
    state: z.enum(['active', 'locked_by_admin']),
    reason: safe(200).nullable().optional(),
    // ISO instant the lock ends; none: until unlocked.
    lasts_till: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

export const testChatMessages = z.object({
  messages: z.array(chatMessage),
  recommended_answer: chatMessage.nullable(),
  status: chatStatus,
});
export type TestChatMessages = z.infer<typeof testChatMessages>;

export const testChatPost = z
  .object({
    account_id: z.number().int().optional(),
    // 'incoming': the pretend client writes; 'outgoing': the salon writes (pauses the bot).
    direction: z.enum(['incoming', 'outgoing']).default('incoming'),
    body: safe(AI_CHAT_TEXT_MAX).refine((s) => s.trim() !== '', { message: 'empty_text' }),
    origin: z.string().max(200).optional(),
    // The pretend client's phone (exclusions apply to it); default: the caller's test number.
    phone: z
      .string()
      .regex(/^\d{10,15}$/, { message: 'invalid_phone' })
      .optional(),
    // Settings not saved yet, to try them before saving.
    settings: agentSettings.partial().optional(),
    // The pretend "now" (night mode is checked against it in the branch's zone).
    business_time: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type TestChatPost = z.input<typeof testChatPost>;

export const messageAction = z
  .object({
    message_id: z.number().int().positive().max(INT4_MAX),
    action_type: z.enum(['send', 'delete']),
    // An edited text to send instead of the suggestion (state message_edited).
    text: safe(AI_CHAT_TEXT_MAX).optional(),
  })
  .strict();

export const conversationWire = z.object({
  phone: z.string(),
  client_name: z.string(),
  channel: z.string(),
  state: z.enum(TAKEOVER_STATES),
  paused_till: z.string().nullable(),
  reason: z.string().nullable(),
  last_message_at: z.string(),
  // The suggested answer waiting for an admin (manual mode), if any.
  recommended_answer: chatMessage.nullable(),
});
export type ConversationWire = z.infer<typeof conversationWire>;
export const conversationsQuery = accountQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  // Only conversations with a suggestion waiting.
  waiting: z.enum(['true', 'false']).optional(),
});
export const conversationsResponse = z.object({ data: z.array(conversationWire), total: z.number().int() });
export const conversationQuery = accountQuery.extend({ phone: z.string().regex(/^\d{10,15}$/) });
export const conversationMessages = z.object({ conversation: conversationWire, messages: z.array(chatMessage) });
export const takeoverBody = z
  .object({
    phone: z.string().regex(/^\d{10,15}$/, { message: 'invalid_phone' }),
    state: z.enum(TAKEOVER_STATES),
    // 'paused' only: for how long (default HUMAN_PAUSE_MINUTES).
    minutes: z.number().int().min(1).max(10_080).optional(),
  })
  .strict();

export const AI_CHAT_STATUS = {
  messageNotFound: 'Message not found',
  notWaiting: 'Message does not wait for an admin',
  conversationNotFound: 'Conversation not found',
} as const;
