// snowball-stemmers 0.6.0 ships no types: the part of its API the responder uses (CommonJS; Node
// finds its named exports). The same declaration as modules/auto-responses', which ai/ may not import.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
}
