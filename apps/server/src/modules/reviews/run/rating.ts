// A client's answer to a review request read as a rating 1..5, or null when it is not one (a
// question, a date, a time, a phone, a thank-you). The footer asks for "5, 3 or 1"; people also
// answer with words, stars and thumbs. When in doubt the answer is not a rating: it stays ordinary
// chat and the chain waits, which is cheaper than a wrong rating and a wrong alert.

const STARS = /[\u2B50\u2605\u{1F31F}]/gu;
const THUMB_UP = /\u{1F44D}/u;
const THUMB_DOWN = /\u{1F44E}/u;

// "4 из 5", "4/5", "4 of 5", "4 из пяти": the scale is not a second number.
const OUT_OF_FIVE = /(^|[^\d])([1-5])\s*(?:из|\/|of)\s*(?:5|пяти)(?![\d])/gu;
// Numbers with their separators: "5", "10", "15:30", "5.03", "+7 999" (digits only here).
const NUMBER = /\d+(?:[.,:/-]\d+)*/gu;
const WORD = /[\p{L}]+/gu;

// A digit after these is a time or a span, not a rating: "в 5", "к 3", "через 2".
const TIME_BEFORE = new Set(['в', 'во', 'к', 'до', 'после', 'через', 'с', 'со', 'около', 'часа', 'часов', 'номер']);
// A digit before words starting so is a date, a time, an amount: "5 марта", "2 дня", "3 человека".
const NOT_RATING_AFTER = [
  'январ',
  'феврал',
  'март',
  'апрел',
  'мая',
  'май',
  'июн',
  'июл',
  'август',
  'сентябр',
  'октябр',
  'ноябр',
  'декабр',
  'числ',
  'мин',
  'час',
  'ч',
  'сек',
  'дней',
  'дня',
  'ден',
  'сут',
  'недел',
  'месяц',
  'мес',
  'год',
  'лет',
  'раз',
  'человек',
  'чел',
  'руб',
  'р',
  'тыс',
  'штук',
  'шт',
  'утра',
  'вечера',
  'ночи',
  'вопрос',
  'процент',
  'am',
  'pm',
  'o',
  'min',
  'hour',
  'day',
  'week',
  'people',
];
// Words after which a digit is a rating wherever it stands: "оценка 4", "ставлю 5", "на 5".
const RATING_CUES = new Set([
  'оценка',
  'оценку',
  'оцениваю',
  'ставлю',
  'поставлю',
  'на',
  'твердая',
  'твердую',
  'rate',
  'rating',
]);
// Words that say a digit is a rating: "5 баллов", "4 звезды".
const RATING_AFTER = ['балл', 'звезд', 'stars', 'star', 'points'];

// Word stems and their ratings (lower case, ё as е). Longer stems are listed before shorter ones
// they contain.
const STEMS: readonly (readonly [string, number])[] = [
  ['отличн', 5],
  ['превосходн', 5],
  ['прекрасн', 5],
  ['великолепн', 5],
  ['замечательн', 5],
  ['шикарн', 5],
  ['идеальн', 5],
  ['восхитительн', 5],
  ['потрясающ', 5],
  ['супер', 5],
  ['классн', 5],
  ['пятерк', 5],
  ['пятерочк', 5],
  ['понравил', 5],
  ['excellent', 5],
  ['perfect', 5],
  ['great', 5],
  ['amazing', 5],
  ['awesome', 5],
  ['хорош', 4],
  ['неплох', 4],
  ['четверк', 4],
  ['good', 4],
  ['нормальн', 3],
  ['удовлетворительн', 3],
  ['средн', 3],
  ['тройк', 3],
  ['троечк', 3],
  ['fine', 3],
  ['okay', 3],
  ['average', 3],
  ['двойк', 2],
  ['poor', 2],
  ['плох', 1],
  ['ужасн', 1],
  ['отвратительн', 1],
  ['кошмарн', 1],
  ['безобразн', 1],
  ['bad', 1],
  ['terrible', 1],
  ['awful', 1],
  ['horrible', 1],
];
// Whole words (a stem would catch too much: "класс" in "классика", "три" in "тридцать").
const WHOLE: ReadonlyMap<string, number> = new Map([
  ['класс', 5],
  ['пять', 5],
  ['топ', 5],
  ['четыре', 4],
  ['норм', 3],
  ['три', 3],
  ['два', 2],
  ['ужас', 1],
  ['кошмар', 1],
  ['отстой', 1],
]);
// Two-word answers read before the single words.
const PHRASES: ReadonlyMap<string, number> = new Map([
  ['так себе', 2],
  ['не очень', 2],
  ['очень хорошо', 5],
  ['очень хороший', 5],
  ['очень хорошая', 5],
  ['very good', 5],
  ['not bad', 4],
  ['so so', 2],
  ['не понравилось', 1],
  ['не понравился', 1],
  ['не понравилась', 1],
]);
// Wishes, not ratings: "хорошего дня", "отличного вечера".
const WISHES = new Set([
  'хорошего',
  'хорошей',
  'хороших',
  'отличного',
  'отличной',
  'отличных',
  'прекрасного',
  'прекрасной',
  'прекрасных',
  'замечательного',
  'замечательной',
]);
// An answer with more words than this is a story, not a rating word.
const MAX_WORDS_FOR_WORD_RATING = 15;

function normalise(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

function wordRating(word: string): number | null {
  if (WISHES.has(word)) return null;
  const whole = WHOLE.get(word);
  if (whole !== undefined) return whole;
  for (const [stem, rating] of STEMS) if (word.startsWith(stem)) return rating;
  return null;
}

// The rating of the words, or null when there is none or they disagree ("плохо, но потом отлично").
function fromWords(words: readonly string[]): number | null {
  if (words.length === 0 || words.length > MAX_WORDS_FOR_WORD_RATING) return null;
  const found = new Set<number>();
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const next = words[i + 1];
    const phrase = next === undefined ? undefined : PHRASES.get(`${word} ${next}`);
    if (phrase !== undefined) {
      found.add(phrase);
      i += 1;
      continue;
    }
    const rating = wordRating(word);
    if (rating === null) continue;
    // "не хорошо" is bad, "не плохо" is good, "не нормально" says nothing usable.
    if (words[i - 1] === 'не') {
      if (rating >= 4) found.add(2);
      else if (rating <= 2) found.add(4);
      else return null;
    } else {
      found.add(rating);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

function fromDigits(text: string): number | null | 'none' {
  const scaled = text.replace(OUT_OF_FIVE, (_m, before: string, digit: string) => `${before}${digit}`);
  const numbers = [...scaled.matchAll(NUMBER)];
  if (numbers.length === 0) return 'none';
  if (numbers.length > 1) return null;
  const match = numbers[0]!;
  if (!/^[1-5]$/.test(match[0])) return null;
  const digit = Number(match[0]);
  const index = match.index;
  // A phone or a time may be split by a sign the number pattern does not span ("+7 (999)").
  const before = scaled.slice(0, index);
  const after = scaled.slice(index + 1);
  if (/[+]$/.test(before.trimEnd()) && /^\s*[(\d]/.test(after)) return null;
  const wordsBefore = before.match(WORD) ?? [];
  const wordsAfter = after.match(WORD) ?? [];
  const prev = wordsBefore.at(-1);
  const next = wordsAfter[0];
  const touchingPrev = prev !== undefined && new RegExp(`${prev}[\\s,:.\\-–—]*$`, 'u').test(before);
  const touchingNext = next !== undefined && /^[\s+!.)]*\p{L}/u.test(after);
  if (touchingPrev && TIME_BEFORE.has(prev)) return null;
  if (touchingNext && NOT_RATING_AFTER.some((w) => next === w || (w.length > 2 && next.startsWith(w)))) return null;
  if (touchingNext && RATING_AFTER.some((w) => next.startsWith(w))) return digit;
  if (touchingPrev && RATING_CUES.has(prev)) return digit;
  // Otherwise only a digit that opens or closes the answer: "5", "5+", "5, спасибо", "Спасибо, 5!".
  if (wordsBefore.length === 0 || wordsAfter.length === 0) return digit;
  return null;
}

function fromEmoji(text: string): number | null {
  const stars = text.match(STARS)?.length ?? 0;
  if (stars > 0) return Math.min(stars, 5);
  const up = THUMB_UP.test(text);
  const down = THUMB_DOWN.test(text);
  if (up !== down) return up ? 5 : 1;
  return null;
}

export function parseRating(raw: string): number | null {
  const text = normalise(raw);
  if (!text || text.length > 1000) return null;
  // A question is not an answer: "а можно перенести на 3?".
  if (text.includes('?')) return null;
  const digits = fromDigits(text);
  if (digits !== 'none') return digits;
  const emoji = fromEmoji(text);
  if (emoji !== null) return emoji;
  return fromWords(text.match(WORD) ?? []);
}
