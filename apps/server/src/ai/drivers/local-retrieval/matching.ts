// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; bench compiles this file without the server tsconfig, so the declaration is referenced here
/// <reference path="./snowball-stemmers.d.ts" />
import { newStemmer } from 'snowball-stemmers';

// Word matching for the retrieval responder: Snowball stems (Russian, English) for word forms
// («маникюра», «маникюр»; «Анне», «Анна») and character trigrams for typos («маникур») on the
// short titles of services and masters, where a full-text index would be overkill.

const russian = newStemmer('russian');
const english = newStemmer('english');
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
const SOFT_END = /[аеиоуыэюяйь]+$/u;

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

// A word's stem without trailing vowels; words shorter than 4 letters stay whole («да», «где»).
export function stem(word: string): string {
  if (word.length < 4) return word;
  let s = word;
  if (CYRILLIC.test(word)) s = russian.stem(word).replace(SOFT_END, '');
  else if (LATIN.test(word)) s = english.stem(word);
  return s.length >= 3 ? s : word;
}

export function stems(text: string): string[] {
  return words(text).map(stem);
}

// Function words and salon-chat filler that say nothing about which service or master is meant.
const FILLER = new Set(
  [
    'на',
    'в',
    'во',
    'к',
    'ко',
    'с',
    'со',
    'и',
    'или',
    'а',
    'но',
    'по',
    'за',
    'для',
    'от',
    'до',
    'у',
    'о',
    'об',
    'мне',
    'меня',
    'я',
    'вы',
    'вас',
    'вам',
    'мы',
    'нам',
    'нас',
    'ли',
    'бы',
    'же',
    'не',
    'это',
    'как',
    'что',
    'есть',
    'будет',
    'можно',
    'хочу',
    'хотела',
    'хотел',
    'хотелось',
    'бы',
    'пожалуйста',
    'подскажите',
    'скажите',
    'сколько',
    'стоит',
    'цена',
    'время',
    'свободное',
    'свободно',
    'запись',
    'записаться',
    'запишите',
    'услуга',
    'услугу',
    'мастер',
    'мастера',
    'мастеру',
    'the',
    'a',
    'an',
    'to',
    'for',
    'at',
    'on',
    'in',
    'is',
    'and',
    'or',
    'with',
    'me',
    'my',
    'i',
    'you',
    'can',
    'how',
    'much',
    'what',
    'free',
    'time',
    'book',
    'price',
    // Bare replies («да», «ок») carry no question of their own.
    'да',
    'нет',
    'ок',
    'ага',
    'хорошо',
    'ладно',
    'понятно',
    'yes',
    'no',
    'ok',
  ].map(stem),
);

export function contentStems(text: string): string[] {
  return [...new Set(stems(text).filter((s) => !FILLER.has(s) && !/^\d+$/.test(s)))];
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return out;
}

// Jaccard similarity of the words' trigram sets (pg_trgm's measure), 0…1.
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return shared / (ta.size + tb.size - shared);
}

// How well one word of a title is matched by a word of the question, 0…1.
function wordMatch(titleWord: string, questionWords: readonly string[]): number {
  const ts = stem(titleWord);
  let best = 0;
  for (const q of questionWords) {
    const qs = stem(q);
    // Short names decline past what Snowball knows («Анна», «Анне»): compare without the ending.
    if (qs === ts || (q.length >= 4 && q.replace(SOFT_END, '') === titleWord.replace(SOFT_END, ''))) return 1;
    if (qs.length >= 4 && ts.length >= 4 && (qs.startsWith(ts) || ts.startsWith(qs))) best = Math.max(best, 0.9);
    if (q.length >= 5 && titleWord.length >= 5) {
      const sim = trigramSimilarity(q, titleWord);
      if (sim >= 0.45) best = Math.max(best, sim);
    }
  }
  return best;
}

export interface Ranked<T> {
  item: T;
  score: number;
}

// The share of a title's meaningful words found in the question; best first, below `min` dropped.
export function rankByTitle<T>(
  question: string,
  items: readonly T[],
  title: (item: T) => string,
  min = 0.5,
): Ranked<T>[] {
  const qWords = words(question).filter((w) => !FILLER.has(stem(w)));
  if (qWords.length === 0) return [];
  const ranked: Ranked<T>[] = [];
  for (const item of items) {
    const tWords = words(title(item)).filter((w) => w.length >= 3 && !FILLER.has(stem(w)));
    if (tWords.length === 0) continue;
    // The first word of a title names the service («Маникюр с покрытием гель-лак»), so «маникюр»
    // alone finds it, below the plain «Маникюр классический».
    const scores = tWords.map((w) => wordMatch(w, qWords));
    const share = scores.reduce((a, b) => a + b, 0) / tWords.length;
    const score = Math.max(share, 0.6 * scores[0]! + 0.4 * share);
    if (score >= min) ranked.push({ item, score });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

// Whether a passage shares a meaningful word with the question, a typo included («стришка»).
export function sharesWord(question: string, passage: string): boolean {
  const asked = words(question).filter((w) => !FILLER.has(stem(w)) && !/^\d+$/.test(w));
  if (asked.length === 0) return false;
  const askedStems = new Set(asked.map(stem));
  const long = asked.filter((w) => w.length >= 5);
  return words(passage).some(
    (w) => askedStems.has(stem(w)) || (w.length >= 5 && long.some((q) => trigramSimilarity(q, w) >= 0.45)),
  );
}

// The sentences of a passage that share most stems with the question (for a short answer).
export function relevantSentences(passage: string, question: string, maxChars = 400): string {
  const wanted = new Set(contentStems(question));
  // Lines are sentences too: a price list's lines end without a full stop.
  const sentences = passage
    .replace(/[^\S\n]+/g, ' ')
    .split(/(?<=[.!?…]) +|\s*\n+\s*/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (sentences.length === 0) return '';
  const scored = sentences.map((s, i) => ({ i, s, hits: contentStems(s).filter((x) => wanted.has(x)).length }));
  const best = scored.reduce((a, b) => (b.hits > a.hits ? b : a));
  let text = best.s;
  // A heading («Цены:», «Парковка») takes the next sentence along: it says nothing by itself.
  const next = sentences[best.i + 1];
  if (next && (text.endsWith(':') || text.length < 25) && text.length + next.length < maxChars)
    text = `${text} ${next}`;
  return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}
