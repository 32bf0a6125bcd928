import type { Message, Update, User } from '@maxhub/max-bot-api/types';
import { START_TOKEN } from '@salon/contract/bot-links';
import type { Logger } from '../../../platform/logger.js';
import type { ChannelEvents, SubscriberReply } from '../../channel.js';
import { phoneFromVcard } from './vcard.js';

// What the bot listens to: a user pressing Start (from a deep link or not), their messages (text,
// or the contact they share through the request button) and them stopping the bot.
export const UPDATE_TYPES = ['bot_started', 'bot_stopped', 'message_created'] as const;

export interface UpdateContext {
  events: ChannelEvents;
  logger: Logger;
  // Sends the core's answer to that user (with the contact button when asked).
  reply(address: string, reply: SubscriberReply): Promise<void>;
  // The dialog's chat id, which chat actions (mark_seen) need instead of the user id.
  rememberChat(address: string, chatId: number): void;
}

// One update, from long polling or the webhook alike. Updates of other kinds are ignored.
export async function processUpdate(update: Update, ctx: UpdateContext): Promise<void> {
  switch (update.update_type) {
    case 'bot_started': {
      const address = String(update.user.user_id);
      ctx.rememberChat(address, update.chat_id);
      const payload = update.payload ?? null;
      const startToken = payload !== null && START_TOKEN.test(payload) ? payload : null;
      await answer(ctx, address, { type: 'started', address, name: displayName(update.user), startToken });
      return;
    }
    case 'bot_stopped':
      await ctx.events.subscriber({ type: 'stopped', address: String(update.user.user_id) });
      return;
    case 'message_created':
      await processMessage(update.message, update.timestamp, ctx);
      return;
    default:
      return;
  }
}

async function processMessage(message: Message, timestamp: number, ctx: UpdateContext): Promise<void> {
  const sender = message.sender;
  // Only people writing to the bot in its dialog; group chats and other bots are not clients.
  if (!sender || sender.is_bot || message.recipient.chat_type !== 'dialog') return;
  const address = String(sender.user_id);
  const name = displayName(sender);
  if (message.recipient.chat_id !== null) ctx.rememberChat(address, message.recipient.chat_id);

  const contact = message.body.attachments?.find((a) => a.type === 'contact');
  if (contact) {
    // Anyone can forward someone else's card: only the sender's own contact links their phone.
    const own = contact.payload.max_info?.user_id === sender.user_id;
    const phone = own ? phoneFromVcard(contact.payload.vcf_info ?? '') : null;
    if (phone) {
      await answer(ctx, address, { type: 'contact', address, name, phone });
    } else {
      ctx.logger.info({ address, own }, 'MAX contact is not the sender’s own phone; asking again');
      await answer(ctx, address, { type: 'started', address, name, startToken: null });
    }
    return;
  }

  const text = message.body.text;
  if (!text) return;
  await ctx.events.inbound({
    providerMessageId: message.body.mid,
    from: address,
    name,
    at: new Date(timestamp || message.timestamp),
    type: 'text',
    body: text,
    caption: null,
    file: null,
  });
}

async function answer(
  ctx: UpdateContext,
  address: string,
  event: Parameters<ChannelEvents['subscriber']>[0],
): Promise<void> {
  const reply = await ctx.events.subscriber(event);
  if (reply) await ctx.reply(address, reply);
}

function displayName(user: User): string | null {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return full || user.name || null;
}

// A webhook body is whatever was posted; only something shaped like an update goes further.
export function asUpdate(value: unknown): Update | null {
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { update_type?: unknown }).update_type;
  return typeof type === 'string' ? (value as Update) : null;
}
