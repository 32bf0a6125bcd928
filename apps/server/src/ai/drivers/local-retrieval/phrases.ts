import type { Tone } from '@salon/contract/ai-agents';

// What the retrieval responder says, in Russian and English. The tone of voice shapes the greeting,
// the offer of help and the closing; the facts in between are said plainly in every tone.

type Lang = 'ru' | 'en';

interface ToneWords {
  greeting: string;
  help: string;
  closing: string;
  welcome: string; // the answer to thanks
}

const TONES: Record<Lang, Record<Tone, ToneWords>> = {
  ru: {
    neutral: { greeting: 'Здравствуйте!', help: 'Чем могу помочь?', closing: 'Хорошего дня!', welcome: 'Пожалуйста!' },
    brutal: { greeting: 'Привет.', help: 'Что нужно?', closing: 'Ждём.', welcome: 'Не за что.' },
    corporate: {
      greeting: 'Добрый день! Благодарим за обращение в {salon}.',
      help: 'Чем мы можем вам помочь?',
      closing: 'С уважением, {salon}.',
      welcome: 'Благодарим вас за обращение.',
    },
    luxury: {
      greeting: 'Добрый день! Рады приветствовать вас в {salon}.',
      help: 'Чем мы можем быть вам полезны?',
      closing: 'Будем счастливы видеть вас.',
      welcome: 'Всегда рады позаботиться о вас.',
    },
    trend: {
      greeting: 'Хэй, привет!',
      help: 'Чем помочь?',
      closing: 'До встречи, будет красиво!',
      welcome: 'Обращайся!',
    },
  },
  en: {
    neutral: { greeting: 'Hello!', help: 'How can I help?', closing: 'Have a nice day!', welcome: "You're welcome!" },
    brutal: { greeting: 'Hi.', help: 'What do you need?', closing: 'See you.', welcome: 'No problem.' },
    corporate: {
      greeting: 'Good day! Thank you for contacting {salon}.',
      help: 'How may we assist you?',
      closing: 'Kind regards, {salon}.',
      welcome: 'Thank you for contacting us.',
    },
    luxury: {
      greeting: 'Good day! We are delighted to welcome you at {salon}.',
      help: 'How may we be of service?',
      closing: 'We look forward to seeing you.',
      welcome: 'It is always our pleasure.',
    },
    trend: {
      greeting: 'Hey there!',
      help: 'What can I do for you?',
      closing: "See you soon, it'll be gorgeous!",
      welcome: 'Anytime!',
    },
  },
};

export function toneWords(lang: Lang, tone: Tone, salon: string): ToneWords {
  const words = TONES[lang][tone];
  const fill = (s: string) => s.replace('{salon}', lang === 'ru' ? `«${salon}»` : `"${salon}"`);
  return {
    greeting: fill(words.greeting),
    help: fill(words.help),
    closing: fill(words.closing),
    welcome: fill(words.welcome),
  };
}

const money = (lang: Lang, n: number) => `${new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB').format(n)} ₽`;

export function priceText(lang: Lang, min: number, max: number): string {
  if (min === max || max <= 0) return money(lang, min);
  return lang === 'ru' ? `от ${money(lang, min)} до ${money(lang, max)}` : `${money(lang, min)} to ${money(lang, max)}`;
}

const RU = {
  priceLine: (title: string, price: string, minutes: number) =>
    `${title} — ${price}${minutes > 0 ? `, ${minutes} мин` : ''}`,
  prices: (lines: string[]) => `Стоимость:\n${lines.join('\n')}`,
  slots: (day: string, what: string | null, lines: string[]) =>
    `Свободное время ${what ? `на «${what}» ` : ''}— ${day}:\n${lines.join('\n')}`,
  noSlots: (day: string) => `На ${day} свободного времени нет.`,
  noSlotsAhead: (days: number) => `В ближайшие ${days} дн. свободного времени нет.`,
  askWhich: (titles: string[]) => `Уточните, пожалуйста, какая услуга: ${titles.join(', ')}?`,
  askService: (titles: string[]) =>
    `${titles.length ? `Есть, например: ${titles.join(', ')}. ` : ''}На какую услугу вас записать?`,
  askTime: 'Какое время вам удобно?',
  beyond: (days: number) => `Расписание я вижу только на ${days} дн. вперёд.`,
  taken: (time: string) => `К сожалению, ${time} уже занято.`,
  booked: (service: string, staff: string, when: string) =>
    `Готово! Вы записаны на «${service}» к мастеру ${staff}: ${when}.`,
  moved: (when: string) => `Готово! Запись перенесена на ${when}.`,
  askMoveTime: (record: string) => `На какой день и время перенести запись ${record}?`,
  askCancel: (record: string) => `Отменить запись ${record}?`,
  cancelled: (record: string) => `Запись ${record} отменена.`,
  kept: 'Хорошо, запись остаётся в силе.',
  noRecords: 'У вас нет предстоящих записей.',
  whichRecord: (list: string[]) =>
    `У вас несколько записей:\n${list.join('\n')}\nКакую из них вы имеете в виду (день и время)?`,
  record: (services: string, when: string, staff: string) =>
    `«${services}» — ${when}${staff ? `, мастер ${staff}` : ''}`,
  address: (address: string) => `Наш адрес: ${address}.`,
  phone: (phone: string) => `Телефон: ${phone}.`,
};

const EN: typeof RU = {
  priceLine: (title, price, minutes) => `${title} — ${price}${minutes > 0 ? `, ${minutes} min` : ''}`,
  prices: (lines) => `Prices:\n${lines.join('\n')}`,
  slots: (day, what, lines) => `Free times ${what ? `for "${what}" ` : ''}— ${day}:\n${lines.join('\n')}`,
  noSlots: (day) => `There are no free times on ${day}.`,
  noSlotsAhead: (days) => `There are no free times in the next ${days} day(s).`,
  askWhich: (titles) => `Which service do you mean: ${titles.join(', ')}?`,
  askService: (titles) =>
    `${titles.length ? `We have, for example: ${titles.join(', ')}. ` : ''}Which service would you like to book?`,
  askTime: 'What time suits you?',
  beyond: (days) => `I can see the schedule only ${days} day(s) ahead.`,
  taken: (time) => `Sorry, ${time} is already taken.`,
  booked: (service, staff, when) => `Done! You are booked for "${service}" with ${staff}: ${when}.`,
  moved: (when) => `Done! Your appointment is moved to ${when}.`,
  askMoveTime: (record) => `Which day and time should ${record} move to?`,
  askCancel: (record) => `Cancel the appointment ${record}?`,
  cancelled: (record) => `The appointment ${record} is cancelled.`,
  kept: 'All right, your appointment stays as it is.',
  noRecords: 'You have no upcoming appointments.',
  whichRecord: (list) => `You have several appointments:\n${list.join('\n')}\nWhich one do you mean (day and time)?`,
  record: (services, when, staff) => `"${services}" — ${when}${staff ? `, with ${staff}` : ''}`,
  address: (address) => `Our address: ${address}.`,
  phone: (phone) => `Phone: ${phone}.`,
};

export type Texts = typeof RU;

// The fixed start of a template, to recognise our own earlier question in the history.
export function marker(template: (arg: string) => string): string {
  return template('\u0000').split('\u0000')[0]!;
}

export function texts(lang: Lang): Texts {
  return lang === 'en' ? EN : RU;
}

// One emoji of the salon's list, the same for the same question (a stable hash, not randomness,
// so an answer can be reproduced and tested).
export function pickEmoji(list: readonly string[], seed: string): string | null {
  if (list.length === 0) return null;
  let h = 2166136261;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
  return list[h % list.length]!;
}
