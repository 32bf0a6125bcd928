import type { Logger } from '../../../platform/logger.js';
import type { AdminBotMessages } from '../../../platform/files/admin-bot-files.js';
import type { RunRow } from './run-repository.js';

// The alert a negative rating sends the salon's admins: who, which visit, which master and
// services, the rating and the client's own words.

export type AlertLang = 'ru' | 'en';

const TEXT = {
  ru: {
    title: (rating: number) => `⚠️ Негативная оценка визита: ${rating} из 5`,
    client: 'Клиент',
    visit: 'Визит',
    master: 'Мастер',
    services: 'Услуги',
    chain: 'Цепочка',
    words: 'Ответ клиента',
  },
  en: {
    title: (rating: number) => `⚠️ Negative visit rating: ${rating} of 5`,
    client: 'Client',
    visit: 'Visit',
    master: 'Master',
    services: 'Services',
    chain: 'Chain',
    words: 'Client’s answer',
  },
} as const;

export interface AlertFacts {
  run: Pick<RunRow, 'clientName' | 'clientPhone' | 'visitAt' | 'staffName' | 'services'>;
  rating: number;
  answer: string;
  chainTitle: string;
  timeZone: string;
  lang?: AlertLang;
}

export function alertText(f: AlertFacts): string {
  const lang = f.lang ?? 'ru';
  const t = TEXT[lang];
  const visit = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', {
    timeZone: f.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(f.run.visitAt);
  const client = [f.run.clientName.trim(), f.run.clientPhone ? `+${f.run.clientPhone}` : ''].filter(Boolean).join(', ');
  return [
    t.title(f.rating),
    `${t.client}: ${client}`,
    `${t.visit}: ${visit}`,
    f.run.staffName ? `${t.master}: ${f.run.staffName}` : '',
    f.run.services ? `${t.services}: ${f.run.services}` : '',
    `${t.chain}: ${f.chainTitle}`,
    `${t.words}: «${f.answer.trim().slice(0, 1000)}»`,
  ]
    .filter(Boolean)
    .join('\n');
}

// To every tg_alerts id through the admin bot. One chat that cannot be reached (the bot was never
// started there) does not keep the others from their alert.
export async function sendTelegramAlerts(
  bot: AdminBotMessages,
  chatIds: readonly string[],
  text: string,
  logger: Logger,
): Promise<number> {
  let sent = 0;
  for (const id of chatIds) {
    try {
      await bot.sendText(id, text);
      sent += 1;
    } catch (err) {
      logger.warn({ err, chatId: id }, 'review alert to Telegram failed');
    }
  }
  return sent;
}
