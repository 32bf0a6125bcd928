import { ACCESS_DENIED_STATUSES } from '@salon/contract/status-text';
import { checkAttachment } from '@salon/contract/attachments';
import {
  AUTO_RESPONSE_MAX_PHRASES,
  AUTO_RESPONSE_MAX_WORDS,
  AUTO_RESPONSE_TEXT_MAX,
  AUTO_RESPONSE_WORD_MAX_LENGTH,
  KEY_PHRASE_STATUS,
  isEmptyTriggerWord,
  textWords,
  type KeyPhraseType,
} from '@salon/contract/auto-responses-rules';
import type { KeyPhraseWire } from '@salon/contract/auto-responses';
import { isApiError } from '../../shared/api/api-error';

// One key phrase as the page edits it. `wordInput` is what is typed in the trigger field and not
// yet a chip: it counts as a word (SPEC 5 "a first trigger word") and is sent with the save.
export interface KeyPhraseDraft {
  key: string;
  id: number | null;
  active: boolean;
  type: KeyPhraseType;
  // A text reply's text, or a file reply's caption.
  reply: string;
  words: string[];
  wordInput: string;
  // A file picked now (sent with the save), and the file the phrase already has.
  file: File | null;
  media: { name: string; size: number } | null;
}

export const keyOfId = (id: number) => `id-${id}`;

export function draftOf(wire: KeyPhraseWire): KeyPhraseDraft {
  return {
    key: keyOfId(wire.id),
    id: wire.id,
    active: wire.active,
    type: wire.type,
    reply: wire.reply,
    words: wire.words,
    wordInput: '',
    file: null,
    media: wire.media ? { name: wire.media.name, size: wire.media.size } : null,
  };
}

export function newDraft(sequence: number): KeyPhraseDraft {
  return {
    key: `new-${sequence}`,
    id: null,
    active: true,
    type: 'text',
    reply: '',
    words: [],
    wordInput: '',
    file: null,
    media: null,
  };
}

// --- trigger words ---

const normalizeWord = (word: string) => word.trim().replace(/\s+/g, ' ');
const matchKey = (word: string) => textWords(word).join(' ');

// SPEC 5: empty trigger fields are removed when more than one exist. A chip list has no "field"
// to keep open, so a lone empty word is no word at all. The same word twice (any case, any
// spacing) is kept once, in its first spelling, as the server keeps it.
export function cleanTriggerWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of words) {
    const word = normalizeWord(raw);
    if (isEmptyTriggerWord(word)) continue;
    const key = matchKey(word);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(word);
  }
  return kept;
}

// Text typed or pasted into the trigger field: a comma, semicolon or line break ends a word.
export function splitTypedWords(text: string): string[] {
  return text.split(/[,;\n]/);
}

// The words a save sends: the chips and what is still typed.
export function wordsOf(draft: Pick<KeyPhraseDraft, 'words' | 'wordInput'>): string[] {
  return cleanTriggerWords([...draft.words, ...splitTypedWords(draft.wordInput)]);
}

// --- the reply ---

export const isTextTooLong = (text: string) => text.length > AUTO_RESPONSE_TEXT_MAX;

export function hasReply(draft: Pick<KeyPhraseDraft, 'type' | 'reply' | 'file' | 'media'>): boolean {
  return draft.type === 'text' ? draft.reply.trim() !== '' : draft.file !== null || draft.media !== null;
}

export type FileProblem = 'fileTooBig' | 'unsupportedFile' | 'fileEmpty';

// SPEC 5 Attachments, checked before anything is uploaded: at most 20 MB, of a known group.
export function checkReplyFile(file: { name: string; size: number }): FileProblem | null {
  const check = checkAttachment(file.name, file.size);
  if (check.ok) return null;
  if (check.error === 'too_big') return 'fileTooBig';
  return check.error === 'empty' ? 'fileEmpty' : 'unsupportedFile';
}

// SPEC 5: a new item can be added only if the last one has its reply and a first trigger word.
export function canAddItem(drafts: readonly KeyPhraseDraft[]): boolean {
  if (drafts.length >= AUTO_RESPONSE_MAX_PHRASES) return false;
  const last = drafts.at(-1);
  if (!last) return true;
  return hasReply(last) && wordsOf(last).length > 0;
}

// --- the checks before a save ---

export type DraftField = 'words' | 'reply' | 'media';
export type DraftProblemCode =
  'noWords' | 'tooManyWords' | 'wordTooLong' | 'emptyReply' | 'textTooLong' | 'fileRequired' | FileProblem;
export type DraftProblems = Partial<Record<DraftField, DraftProblemCode>>;

export function draftProblems(draft: KeyPhraseDraft): DraftProblems {
  const problems: DraftProblems = {};
  const words = wordsOf(draft);
  if (words.length === 0) problems.words = 'noWords';
  else if (words.length > AUTO_RESPONSE_MAX_WORDS) problems.words = 'tooManyWords';
  else if (words.some((w) => w.length > AUTO_RESPONSE_WORD_MAX_LENGTH)) problems.words = 'wordTooLong';
  if (isTextTooLong(draft.reply)) problems.reply = 'textTooLong';
  else if (draft.type === 'text' && draft.reply.trim() === '') problems.reply = 'emptyReply';
  if (draft.type === 'file' && !draft.file && !draft.media) problems.media = 'fileRequired';
  return problems;
}

export const hasProblems = (problems: DraftProblems) => Object.keys(problems).length > 0;

// --- unsaved changes ---

function fingerprint(draft: KeyPhraseDraft): string {
  return JSON.stringify([
    draft.type,
    draft.reply,
    wordsOf(draft),
    draft.file ? [draft.file.name, draft.file.size] : null,
  ]);
}

// A saved phrase is changed when what a save would send differs (its switch saves at once); a
// new one once anything was typed or picked.
export function isDraftDirty(draft: KeyPhraseDraft, saved: KeyPhraseWire | null): boolean {
  if (!saved) {
    return draft.reply.trim() !== '' || wordsOf(draft).length > 0 || draft.file !== null;
  }
  return fingerprint(draft) !== fingerprint(draftOf(saved));
}

// --- the save ---

// The text fields of POST /add_key_phrase and /update_key_phrase; an update sends the full word
// list (the contract's `words`), so the server never has to merge old and new words.
export function saveFields(draft: KeyPhraseDraft): Record<string, string> {
  const fields: Record<string, string> = {
    active: String(draft.active),
    type: draft.type,
    reply: draft.reply.trim(),
    words: JSON.stringify(wordsOf(draft)),
  };
  if (draft.id !== null) fields.id = String(draft.id);
  return fields;
}

// --- the server's refusals (contract KEY_PHRASE_STATUS) ---

const ERROR_STATUSES = {
  [KEY_PHRASE_STATUS.notFound]: 'notFound',
  [KEY_PHRASE_STATUS.textTooLong]: 'textTooLong',
  [KEY_PHRASE_STATUS.emptyReply]: 'emptyReply',
  [KEY_PHRASE_STATUS.emptyWord]: 'emptyWord',
  [KEY_PHRASE_STATUS.noWords]: 'noWords',
  [KEY_PHRASE_STATUS.tooManyWords]: 'tooManyWords',
  [KEY_PHRASE_STATUS.wordTooLong]: 'wordTooLong',
  [KEY_PHRASE_STATUS.fileRequired]: 'fileRequired',
  [KEY_PHRASE_STATUS.fileTooBig]: 'fileTooBig',
  [KEY_PHRASE_STATUS.unsupportedFile]: 'unsupportedFile',
  [KEY_PHRASE_STATUS.tooManyPhrases]: 'tooManyPhrases',
  [KEY_PHRASE_STATUS.invalid]: 'invalid',
} as const;
export type ServerErrorKey = (typeof ERROR_STATUSES)[keyof typeof ERROR_STATUSES] | 'accessDenied' | 'common';

const FIELD_OF: Partial<Record<ServerErrorKey, DraftField>> = {
  textTooLong: 'reply',
  emptyReply: 'reply',
  emptyWord: 'words',
  noWords: 'words',
  tooManyWords: 'words',
  wordTooLong: 'words',
  fileRequired: 'media',
  fileTooBig: 'media',
  unsupportedFile: 'media',
};

export interface ServerError {
  key: ServerErrorKey;
  // The field the message belongs under, when it names one.
  field: DraftField | null;
}

const byStatus = (status: string): ServerErrorKey | undefined =>
  (ERROR_STATUSES as Record<string, ServerErrorKey>)[status];

// A refused call as a message key of the auto-responses namespace: the status first, then the
// issues' codes (the first named rule wins); 413 is a file too big even without a body.
export function serverError(error: unknown): ServerError {
  if (!isApiError(error)) return { key: 'common', field: null };
  if (ACCESS_DENIED_STATUSES.includes(error.status)) return { key: 'accessDenied', field: null };
  let key = byStatus(error.status);
  if (!key || key === 'invalid') {
    key = error.issues.map((issue) => byStatus(issue.code)).find((k) => k && k !== 'invalid') ?? key;
  }
  if (!key && error.httpStatus === 413) key = 'fileTooBig';
  if (!key && error.httpStatus === 415) key = 'unsupportedFile';
  if (!key) return { key: 'common', field: null };
  return { key, field: FIELD_OF[key] ?? null };
}

// --- the settings block ---

export interface SettingsDraft {
  periodHours: number | string;
  pauseMinutes: number | string;
}

// A number typed in the settings: a whole number within the contract's bounds, else null.
export function settingsValue(value: number | string, bounds: { min: number; max: number }): number | null {
  const number = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  return Number.isInteger(number) && number >= bounds.min && number <= bounds.max ? number : null;
}
