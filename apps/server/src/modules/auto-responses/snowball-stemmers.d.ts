// snowball-stemmers 0.6.0 ships no types: the part of its API the matcher uses (CommonJS; Node
// finds its named exports).
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
