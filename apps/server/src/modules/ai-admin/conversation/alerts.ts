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

// What the admins read, in each admin's interface language (Russian unless they chose English).
const TEXT = {
  ru: {
    reasons: {
      no_match: 'бот не нашёл ответа',
      client_asked: 'клиент попросил администратора',
      provider_failed: 'модель не ответила',
      booking_failed: 'не удалось записать клиента',
    } satisfies Record<HandoverReason, string>,
    handover: (who: string) => `🙋 ИИ-администратор передал диалог администратору: ${who}.`,
    reason: (text: string) => `Причина: ${text}.`,
    client: (text: string) => `Клиент: ${text}`,
    night: 'Сейчас ночной режим: клиенту отправлено ночное сообщение.',
    suggests: (who: string) => `💬 ИИ-администратор предлагает ответ: ${who}.`,
    answer: (text: string) => `Ответ: ${text}`,
    ask: 'Отправить его клиенту?',
    send: 'Отправить',
    delete: 'Удалить',
  },
  en: {
    reasons: {
      no_match: 'the bot found no answer',
      client_asked: 'the client asked for an administrator',
      provider_failed: 'the model did not answer',
      booking_failed: 'the booking failed',
    } satisfies Record<HandoverReason, string>,
    handover: (who: string) => `🙋 The AI administrator handed a conversation over: ${who}.`,
    reason: (text: string) => `Reason: ${text}.`,
    client: (text: string) => `Client: ${text}`,
    night: 'Night mode is on: the client got the night message.',
    suggests: (who: string) => `💬 The AI administrator suggests an answer: ${who}.`,
    answer: (text: string) => `Answer: ${text}`,
    ask: 'Send it to the client?',
    send: 'Send',
    delete: 'Delete',
  },
} as const;
type Texts = (typeof TEXT)[keyof typeof TEXT];
const textsFor = (lang: string): Texts => (lang.startsWith('en') ? TEXT.en : TEXT.ru);

const who = (c: ConversationRow) => `${c.clientName ? `${c.clientName}, ` : ''}+${c.phone} (${c.channel})`;
const quote = (text: string) => `«${text.length > 500 ? `${text.slice(0, 500)}…` : text}»`;

// Alerts to the branch's admins through the admin bot (owner / support / notify members). Best
// effort: a bot that fails is logged, the conversation goes on.
export class AdminAlerts {
  constructor(private readonly d: { repo: ConversationsRepository; messages: AdminBotMessages; logger: Logger }) {}

  async handover(c: ConversationRow, reason: HandoverReason, question: string, night: boolean): Promise<void> {
    await this.send(c.accId, (t) => ({
      text: [t.handover(who(c)), t.reason(t.reasons[reason]), t.client(quote(question)), night ? t.night : '']
        .filter(Boolean)
        .join('\n'),
    }));
  }

  async suggestion(c: ConversationRow, question: string, suggestionId: number, text: string): Promise<void> {
    await this.send(c.accId, (t) => ({
      text: [t.suggests(who(c)), t.client(quote(question)), t.answer(quote(text)), t.ask].join('\n'),
      buttons: [
        [
          { text: t.send, data: sendButtonData(suggestionId) },
          { text: t.delete, data: deleteButtonData(suggestionId) },
        ],
      ],
    }));
  }

  private async send(
    accId: number,
    compose: (t: Texts) => { text: string; buttons?: { text: string; data: string }[][] },
  ): Promise<void> {
    for (const { chatId, lang } of await this.d.repo.alertChats(accId)) {
      const { text, buttons } = compose(textsFor(lang));
      try {
        await this.d.messages.sendText(chatId, text, buttons ? { buttons } : undefined);
      } catch (err) {
        this.d.logger.warn({ err, accId, chatId }, 'AI admin alert could not be sent');
      }
    }
  }
}
