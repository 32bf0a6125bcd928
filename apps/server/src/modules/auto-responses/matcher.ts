// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; bench and e2e compile this file without the server tsconfig, so the declaration is referenced here
/// <reference path="./snowball-stemmers.d.ts" />
import { newStemmer } from 'snowball-stemmers';
import { textWords } from '@salon/contract/auto-responses';

// Matching a client's message against the branch's key phrases: case-insensitive, whole words,
// Russian (and English) word forms.
//
// Each word is reduced to a small set of keys; two words match when their key sets meet.
// Snowball's Russian stemmer alone is not enough for SPEC's own example: it stems «записаться» to
// «записа», «запись» to «зап» (it reads «-ись» as a reflexive ending) and «записи» to «запис», three
// different stems. So a word's keys are
//   1. its root: the Snowball stem without trailing vowels, й and ь, and without the imperfective
//      suffix «-ыв» (записа → запис, записыва → запис);
//   2. the word itself without trailing vowels, й and ь (запись → запис, отмена → отмен), which
//      catches nouns Snowball cuts too deep.
// A key shorter than 3 letters is replaced by the whole word («где», «да», «стоит» → «ст» would
// match «сто»), so short words match only themselves. What stays apart: «записка» (root «записк»)
// is not «запись»; fleeting vowels («скидок» / «скидка») and consonant alternations («запишите» /
// «запись», «оплачу» / «оплата») are different words to the matcher — a salon lists such forms as
// trigger words of their own. Latin words go through Snowball's English stemmer; numbers match as
// they are.

const russian = newStemmer('russian');
const english = newStemmer('english');

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
const SOFT_END = /[аеиоуыэюяйь]+$/u;
const MIN_KEY = 3;

function atLeast(key: string, word: string): string {
  return key.length >= MIN_KEY ? key : word;
}

// The keys of one word (already lower-case, ё as е: textWords).
export function wordKeys(word: string): string[] {
  if (CYRILLIC.test(word)) {
    let root = russian.stem(word).replace(SOFT_END, '');
    if (root.length >= 5) root = root.replace(/ыв$/u, '');
    return [...new Set([atLeast(root, word), atLeast(word.replace(SOFT_END, ''), word)])];
  }
  if (LATIN.test(word)) return [atLeast(english.stem(word), word)];
  return [word];
}

// A text as a sequence of word key sets.
export function textKeys(text: string): Set<string>[] {
  return textWords(text).map((w) => new Set(wordKeys(w)));
}

export interface PhraseTriggers {
  id: number;
  words: readonly string[];
}

export interface PhraseMatch {
  phraseId: number;
  // The trigger word (or words) found in the message.
  trigger: string;
  // How many words of the message it covers.
  size: number;
}

const meets = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));

// Whether the trigger's words appear in the message one after another.
function occurs(trigger: readonly Set<string>[], message: readonly Set<string>[]): boolean {
  if (trigger.length === 0) return false;
  for (let start = 0; start + trigger.length <= message.length; start++) {
    if (trigger.every((keys, i) => meets(keys, message[start + i]!))) return true;
  }
  return false;
}

// A phrase matches when any of its trigger words (each a word or several words in a row) appears
// in the message. The most specific match wins: the trigger covering most words, then the longest
// trigger, then the older phrase.
export function bestMatch(phrases: readonly PhraseTriggers[], message: string): PhraseMatch | null {
  const words = textKeys(message);
  if (words.length === 0) return null;
  let best: (PhraseMatch & { length: number }) | null = null;
  for (const phrase of phrases) {
    for (const trigger of phrase.words) {
      const keys = textKeys(trigger);
      if (!occurs(keys, words)) continue;
      const length = textWords(trigger).join(' ').length;
      const better =
        !best ||
        keys.length > best.size ||
        (keys.length === best.size && length > best.length) ||
        (keys.length === best.size && length === best.length && phrase.id < best.phraseId);
      if (better) best = { phraseId: phrase.id, trigger, size: keys.length, length };
    }
  }
  return best && { phraseId: best.phraseId, trigger: best.trigger, size: best.size };
}
