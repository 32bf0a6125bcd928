// Zod-free rules of auto-responses (SPEC 3 Auto-response, SPEC 5 "Auto-response text max 2000",
// SPEC 7 Other: key phrases), shared by the cabinet's /auto_response page and the server.
// auto-responses.ts re-exports everything here.

// SPEC 5: the reply text (a text reply, or a file's caption) is at most 2000 characters.
export const AUTO_RESPONSE_TEXT_MAX = 2000;
// Ours: bounds the cabinet shows and the server enforces.
export const AUTO_RESPONSE_MAX_WORDS = 20;
export const AUTO_RESPONSE_WORD_MAX_LENGTH = 100;
export const AUTO_RESPONSE_MAX_PHRASES = 200;

// A key phrase answers a client at most once per period (hours, per branch; default 24 h), and a
// message the salon writes itself (the cabinet's inbox, or its own phone) pauses automatic replies
// in that chat for the takeover pause (minutes, per branch; default 2 h).
export const DEFAULT_AUTO_RESPONSE_PERIOD_HOURS = 24;
export const AUTO_RESPONSE_PERIOD_HOURS = { min: 1, max: 720 } as const;
export const DEFAULT_TAKEOVER_PAUSE_MINUTES = 120;
export const TAKEOVER_PAUSE_MINUTES = { min: 1, max: 10_080 } as const;

// SPEC 3: a reply is text or a file (with an optional caption).
export const KEY_PHRASE_TYPES = ['text', 'file'] as const;
export type KeyPhraseType = (typeof KEY_PHRASE_TYPES)[number];

// The multipart field that carries a file reply.
export const KEY_PHRASE_MEDIA_FIELD = 'media';

// Status texts of the key-phrase calls (SPEC 8 auto-response success/update/delete, file errors);
// refusals carry one as `status`, with `issues` naming the field. The cabinet translates them.
export const KEY_PHRASE_STATUS = {
  created: 'KEY_PHRASE_CREATED',
  updated: 'KEY_PHRASE_UPDATED',
  deleted: 'KEY_PHRASE_DELETED',
  switched: 'KEY_PHRASE_SWITCHED',
  settingsSaved: 'SAVE_SUCCESS',
  notFound: 'KEY_PHRASE_NOT_FOUND',
  textTooLong: 'AUTO_RESPONSE_TOO_LONG',
  emptyReply: 'AUTO_RESPONSE_EMPTY',
  emptyWord: 'EMPTY_TRIGGER_WORD',
  noWords: 'NO_TRIGGER_WORDS',
  tooManyWords: 'TOO_MANY_TRIGGER_WORDS',
  wordTooLong: 'TRIGGER_WORD_TOO_LONG',
  fileRequired: 'FILE_REQUIRED',
  fileTooBig: 'FILE_TOO_BIG',
  unsupportedFile: 'UNSUPPORTED_FILE',
  tooManyPhrases: 'TOO_MANY_KEY_PHRASES',
  invalid: 'Bad request',
} as const;
export type KeyPhraseStatus = (typeof KEY_PHRASE_STATUS)[keyof typeof KEY_PHRASE_STATUS];

// The words of a text as the matcher sees them: letters and digits, lower-case, ё read as е.
// Everything else (spaces, punctuation, emoji) separates words.
export function textWords(text: string): string[] {
  return (text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
}

// A trigger word that holds no letter or digit can never match: it counts as empty.
export function isEmptyTriggerWord(word: string): boolean {
  return textWords(word).length === 0;
}
