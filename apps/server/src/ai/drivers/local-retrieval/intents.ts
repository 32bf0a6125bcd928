import { stem, words } from './matching.js';

// The intents of a salon chat, recognised by keyword stems (Russian and basic English). A keyword
// is a stem prefix («отмен» covers «отменить», «отмените», «отмена»); one starting with '=' must be
// the whole word («да», «где»), and a phrase (several words) must appear in a row.

export type Intent = 'person' | 'cancel' | 'move' | 'book' | 'price' | 'free_time' | 'contacts' | 'greeting' | 'thanks';

// Checked in this order: the first that matches is the question's main intent.
const KEYWORDS: [Intent, string[]][] = [
  [
    'person',
    [
      'администратор',
      'админ',
      'оператор',
      'менеджер',
      '=человек',
      'живой человек',
      'живым человеком',
      'позов',
      'соедините',
      'human',
      'person',
      'operator',
      'administrator',
      'manager',
    ],
  ],
  ['cancel', ['отмен', 'не смогу прийти', 'не приду', 'cancel']],
  ['move', ['перенес', 'перенест', 'перенос', 'передвин', 'сдвин', 'перезапис', 'поменять время', 'reschedul', 'move']],
  ['book', ['запис', 'запиш', '=записаться', 'book', 'appoint']],
  ['price', ['сколько стоит', 'стоимост', 'цен', 'прайс', 'почем', 'руб', 'price', 'cost', 'how much']],
  [
    'free_time',
    [
      'свободн',
      'окошк',
      'окн',
      '=есть ли время',
      '=когда можно',
      'есть время',
      'есть места',
      'available',
      'free',
      'slot',
      'when can',
    ],
  ],
  [
    'contacts',
    [
      'адрес',
      '=где',
      'находит',
      'добрат',
      'доехат',
      'график',
      'режим работ',
      'часы работ',
      'работает',
      'работаете',
      'открыт',
      'закрыва',
      'телефон',
      'контакт',
      'address',
      'where',
      'hours',
      'open',
      'phone',
      'contact',
    ],
  ],
  ['greeting', ['привет', 'здравств', '=добрый день', '=добрый вечер', '=доброе утро', 'hello', '=hi', 'good morning']],
  ['thanks', ['спасиб', 'благодар', 'thank']],
];

const YES = [
  '=да',
  '=ага',
  '=угу',
  'конечно',
  'подтвержда',
  '=верно',
  '=давайте',
  '=ок',
  '=окей',
  'отменяйте',
  'yes',
  '=sure',
  '=ok',
  'confirm',
];
const NO = ['=нет', 'не надо', 'не нужно', 'не отменяйте', '=no', "don't"];

interface Tokens {
  raw: string[];
  stems: string[];
}

function tokens(text: string): Tokens {
  const raw = words(text);
  return { raw, stems: raw.map(stem) };
}

function matchesOne(t: Tokens, keyword: string): boolean {
  const exact = keyword.startsWith('=');
  const parts = words(exact ? keyword.slice(1) : keyword);
  if (parts.length === 0) return false;
  for (let i = 0; i + parts.length <= t.raw.length; i += 1) {
    const ok = parts.every((part, j) => {
      const word = t.raw[i + j]!;
      if (exact) return word === part;
      // The keyword as a prefix of the word, or (for word forms) of its stem.
      return word.startsWith(part) || (part.length >= 4 && stem(part) === t.stems[i + j]);
    });
    if (ok) return true;
  }
  return false;
}

function matchesAny(t: Tokens, keywords: readonly string[]): boolean {
  return keywords.some((k) => matchesOne(t, k));
}

export function intentsOf(text: string): Intent[] {
  const t = tokens(text);
  return KEYWORDS.filter(([, keys]) => matchesAny(t, keys)).map(([intent]) => intent);
}

// The main intent: the first in KEYWORDS' order, greetings and thanks only when nothing else is asked.
export function mainIntent(text: string): Intent | null {
  return intentsOf(text)[0] ?? null;
}

export function isYes(text: string): boolean {
  const t = tokens(text);
  return matchesAny(t, YES) && !matchesAny(t, NO);
}

export function isNo(text: string): boolean {
  return matchesAny(tokens(text), NO);
}
