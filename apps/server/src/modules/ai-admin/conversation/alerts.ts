import type { HandoverReason } from '@salon/contract/ai-chat';
import type { AdminBotMessages } from '../../../platform/files/admin-bot-files.js';
import type { Logger } from '../../../platform/logger.js';
import type { ConversationRow, ConversationsRepository } from './repository.js';

// Callback data of the suggestion buttons (≤ 64 bytes): `ai:send:<messageId>`, `ai:del:<messageId>`.
export const BUTTON_PREFIX = 'ai:';
export const sendButtonData = (messageId: number) => `ai:send:${messageId}`;
export const deleteButtonData = (messageId: number) => `ai:del:${messageId}`;
export function parseButton(data: string): { action: 'send' | 'delete'; messageId: number } | null {
  const m = /^ai:(send|del):(\d{1,10})$/.exec(data);
  if (!m) return null;
  const messageId = Number(m[2]);
  if (!Number.isSafeInteger(messageId) || messageId <= 0 || messageId > 2_147_483_647) return null;
  return { action: m[1] === 'send' ? 'send' : 'delete', messageId };
}

// What the admins read (the salon's people read Russian; the bot has no per-user language here).
const REASON_TEXT: Record<HandoverReason, string> = {
  no_match: 'бот не нашёл ответа',
  client_asked: 'клиент попросил администратора',
  provider_failed: 'модель не ответила',
  booking_failed: 'не удалось записать клиента',
};

const who = (c: ConversationRow) => `${c.clientName ? `${c.clientName}, ` : ''}+${c.phone} (${c.channel})`;
const quote = (text: string) => `«${text.length > 500 ? `${text.slice(0, 500)}…` : text}»`;

// Alerts to the branch's admins through the admin bot (owner / support / notify members). Best
// effort: a bot that fails is logged, the conversation goes on.
export class AdminAlerts {
  constructor(private readonly d: { repo: ConversationsRepository; messages: AdminBotMessages; logger: Logger }) {}

  async handover(c: ConversationRow, reason: HandoverReason, question: string, night: boolean): Promise<void> {
    const lines = [
      `🙋 ИИ-администратор передал диалог администратору: ${who(c)}.`,
      `Причина: ${REASON_TEXT[reason]}.`,
      `Клиент: ${quote(question)}`,
      night ? 'Сейчас ночной режим: клиенту отправлено ночное сообщение.' : '',
    ];
    await this.send(c.accId, lines.filter(Boolean).join('\n'));
  }

  async suggestion(c: ConversationRow, question: string, suggestionId: number, text: string): Promise<void> {
    const body = [
      `💬 ИИ-администратор предлагает ответ: ${who(c)}.`,
      `Клиент: ${quote(question)}`,
      `Ответ: ${quote(text)}`,
      'Отправить его клиенту?',
    ].join('\n');
    await this.send(c.accId, body, [
      [
        { text: 'Отправить', data: sendButtonData(suggestionId) },
        { text: 'Удалить', data: deleteButtonData(suggestionId) },
      ],
    ]);
  }

  private async send(accId: number, text: string, buttons?: { text: string; data: string }[][]): Promise<void> {
    const chats = await this.d.repo.alertChats(accId);
    for (const chatId of chats) {
      try {
        await this.d.messages.sendText(chatId, text, buttons ? { buttons } : undefined);
      } catch (err) {
        this.d.logger.warn({ err, accId, chatId }, 'AI admin alert could not be sent');
      }
    }
  }
}
