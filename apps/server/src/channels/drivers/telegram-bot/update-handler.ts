import type { Message, Update, User } from 'grammy/types';
import { START_TOKEN } from '@salon/contract/bot-links';
import { normalizePhone } from '@salon/contract/phone';
import type { InboundMessage, SubscriberEvent, SubscriberReply } from '../../channel.js';

// What one Bot API update means for the core (https://core.telegram.org/bots/api#update). Only
// private chats count: a bot added to a group would otherwise hand the core strangers' messages.

export interface UpdateTarget {
  subscriber(event: SubscriberEvent): Promise<SubscriberReply | null>;
  inbound(message: InboundMessage): Promise<void>;
  reply(chatId: number, reply: SubscriberReply): Promise<void>;
}

// `/start`, `/start <payload>` (a deep link t.me/<bot>?start=<payload>), also `/start@<bot> …`.
const START_COMMAND = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/;

export const ALLOWED_UPDATES = ['message', 'my_chat_member'] as const;

export async function handleBotUpdate(update: Update, target: UpdateTarget): Promise<void> {
  if (update.message) return handleMessage(update.message, target);
  const member = update.my_chat_member;
  // A private chat's member update is the user blocking ('kicked') or restarting the bot.
  if (member && member.chat.type === 'private' && member.new_chat_member.status === 'kicked') {
    await target.subscriber({ type: 'stopped', address: String(member.chat.id) });
  }
}

async function handleMessage(message: Message, target: UpdateTarget): Promise<void> {
  const from = message.from;
  if (message.chat.type !== 'private' || !from || from.is_bot) return;
  const address = String(message.chat.id);
  const name = nameOf(from);
  const ask = async (event: SubscriberEvent) => {
    const reply = await target.subscriber(event);
    if (reply) await target.reply(message.chat.id, reply);
  };

  const start = message.text === undefined ? null : START_COMMAND.exec(message.text.trim());
  if (start) {
    const payload = start[1]?.trim() ?? '';
    return ask({ type: 'started', address, name, startToken: START_TOKEN.test(payload) ? payload : null });
  }
  if (message.contact) {
    // Anyone can forward a contact card; only the sender's own one (what the request_contact
    // button sends) proves the phone is theirs. Telegram sends the number without a '+'.
    const own = message.contact.user_id === from.id;
    const phone = own ? normalizePhone(`+${message.contact.phone_number.replace(/\D/g, '')}`) : null;
    if (phone) return ask({ type: 'contact', address, name, phone });
    return ask({ type: 'started', address, name, startToken: null });
  }
  if (message.text !== undefined) {
    await target.inbound({
      providerMessageId: String(message.message_id),
      from: address,
      name,
      at: new Date(message.date * 1000),
      type: 'text',
      body: message.text,
      caption: null,
      file: null,
    });
  }
}

function nameOf(user: User): string | null {
  return [user.first_name, user.last_name].filter((part) => part).join(' ') || null;
}

// The reply keyboard of the contact request, or none (a previous one is taken away).
export function replyMarkup(reply: SubscriberReply) {
  return reply.askContact
    ? {
        keyboard: [[{ text: 'Поделиться номером', request_contact: true }]],
        one_time_keyboard: true,
        resize_keyboard: true,
      }
    : { remove_keyboard: true as const };
}
