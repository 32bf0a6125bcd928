import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import {
  AUTO_RESPONSE_MAX_PHRASES,
  AUTO_RESPONSE_MAX_WORDS,
  AUTO_RESPONSE_TEXT_MAX,
  KEY_PHRASE_STATUS,
  TAKEOVER_PAUSE_MINUTES,
} from '@salon/contract/auto-responses-rules';
import type { KeyPhraseWire } from '@salon/contract/auto-responses';
import { ApiError } from '../../shared/api/api-error';
import {
  canAddItem,
  checkReplyFile,
  cleanTriggerWords,
  draftOf,
  draftProblems,
  isDraftDirty,
  isTextTooLong,
  newDraft,
  saveFields,
  serverError,
  settingsValue,
  wordsOf,
  type KeyPhraseDraft,
} from './key-phrase-rules';

const draft = (patch: Partial<KeyPhraseDraft> = {}): KeyPhraseDraft => ({ ...newDraft(1), ...patch });
const wire = (patch: Partial<KeyPhraseWire> = {}): KeyPhraseWire => ({
  id: 7,
  active: true,
  type: 'text',
  reply: 'Мы открыты с 9 до 21',
  words: ['часы работы', 'график'],
  caption: null,
  media: null,
  ...patch,
});
const file = (name: string) => new File(['abc'], name);
const sized = (name: string, size: number) => ({ name, size });

describe('trigger words (SPEC 5: empty fields are removed when more than one exist)', () => {
  it('drops empty and punctuation-only words and trims the rest', () => {
    expect(cleanTriggerWords(['', '  цена ', ' ', '!!!', 'стоимость   услуг'])).toEqual(['цена', 'стоимость услуг']);
  });

  it('a lone empty word is no word', () => {
    expect(cleanTriggerWords(['   '])).toEqual([]);
    expect(cleanTriggerWords([])).toEqual([]);
  });

  it('keeps one of the same word typed twice, in its first spelling', () => {
    expect(cleanTriggerWords(['Цена', 'цена', 'ЦЕНА!', 'ёлка', 'елка'])).toEqual(['Цена', 'ёлка']);
  });

  it('counts what is still typed as words, split at commas and semicolons', () => {
    expect(wordsOf({ words: ['цена'], wordInput: 'прайс, стоимость;  ,' })).toEqual(['цена', 'прайс', 'стоимость']);
    expect(wordsOf({ words: [], wordInput: '  ' })).toEqual([]);
  });
});

describe('adding an item (SPEC 5)', () => {
  const complete = draft({ words: ['цена'], reply: 'От 1000 ₽' });

  it('is allowed on an empty list', () => {
    expect(canAddItem([])).toBe(true);
  });

  it('needs the last item to have a reply text and a first trigger word', () => {
    expect(canAddItem([complete])).toBe(true);
    expect(canAddItem([draft({ words: ['цена'], reply: '   ' })])).toBe(false);
    expect(canAddItem([draft({ words: [], reply: 'От 1000 ₽' })])).toBe(false);
    expect(canAddItem([complete, draft()])).toBe(false);
  });

  it('counts a typed word that is not a chip yet', () => {
    expect(canAddItem([draft({ wordInput: 'цена', reply: 'От 1000 ₽' })])).toBe(true);
  });

  it('a file reply counts as a reply, a new or a stored file', () => {
    expect(canAddItem([draft({ type: 'file', words: ['прайс'], reply: '' })])).toBe(false);
    expect(canAddItem([draft({ type: 'file', words: ['прайс'], file: file('price.pdf') })])).toBe(true);
    expect(canAddItem([draft({ type: 'file', words: ['прайс'], media: { name: 'p.pdf', size: 1 } })])).toBe(true);
  });

  it('stops at the branch limit', () => {
    const many = Array.from({ length: AUTO_RESPONSE_MAX_PHRASES }, () => complete);
    expect(canAddItem(many)).toBe(false);
  });
});

describe('reply text limit (SPEC 5: 2000)', () => {
  it('allows exactly the limit and refuses one more', () => {
    expect(isTextTooLong('я'.repeat(AUTO_RESPONSE_TEXT_MAX))).toBe(false);
    expect(isTextTooLong('я'.repeat(AUTO_RESPONSE_TEXT_MAX + 1))).toBe(true);
    expect(draftProblems(draft({ words: ['a'], reply: 'я'.repeat(AUTO_RESPONSE_TEXT_MAX + 1) })).reply).toBe(
      'textTooLong',
    );
  });

  it('applies to a file caption too', () => {
    const caption = draft({ type: 'file', words: ['a'], media: { name: 'a.pdf', size: 1 }, reply: 'x'.repeat(2001) });
    expect(draftProblems(caption)).toEqual({ reply: 'textTooLong' });
  });
});

describe('file checks before upload (SPEC 5 Attachments)', () => {
  it('takes the four groups up to 20 MB', () => {
    expect(checkReplyFile(sized('photo.JPG', 1000))).toBeNull();
    expect(checkReplyFile(sized('price.pdf', MAX_ATTACHMENT_BYTES))).toBeNull();
    expect(checkReplyFile(sized('voice.ogg', 10))).toBeNull();
    expect(checkReplyFile(sized('clip.mp4', 10))).toBeNull();
  });

  it('refuses a file over 20 MB, of an unknown type, without extension or empty', () => {
    expect(checkReplyFile(sized('price.pdf', MAX_ATTACHMENT_BYTES + 1))).toBe('fileTooBig');
    expect(checkReplyFile(sized('setup.exe', 10))).toBe('unsupportedFile');
    expect(checkReplyFile(sized('README', 10))).toBe('unsupportedFile');
    expect(checkReplyFile(sized('empty.pdf', 0))).toBe('fileEmpty');
  });
});

describe('checks before a save', () => {
  it('names each missing part', () => {
    expect(draftProblems(draft())).toEqual({ words: 'noWords', reply: 'emptyReply' });
    expect(draftProblems(draft({ type: 'file', words: ['a'] }))).toEqual({ media: 'fileRequired' });
    expect(draftProblems(draft({ words: ['a'], reply: 'b' }))).toEqual({});
  });

  it('bounds the words', () => {
    const many = Array.from({ length: AUTO_RESPONSE_MAX_WORDS + 1 }, (_, i) => `слово${i}`);
    expect(draftProblems(draft({ words: many, reply: 'b' })).words).toBe('tooManyWords');
    expect(draftProblems(draft({ words: ['я'.repeat(101)], reply: 'b' })).words).toBe('wordTooLong');
  });
});

describe('unsaved changes', () => {
  it('a saved phrase is changed only by what a save would send', () => {
    const saved = wire();
    expect(isDraftDirty(draftOf(saved), saved)).toBe(false);
    expect(isDraftDirty({ ...draftOf(saved), active: false }, saved)).toBe(false);
    expect(isDraftDirty({ ...draftOf(saved), reply: 'Другое' }, saved)).toBe(true);
    expect(isDraftDirty({ ...draftOf(saved), wordInput: 'прайс' }, saved)).toBe(true);
    expect(isDraftDirty({ ...draftOf(saved), wordInput: ' , ' }, saved)).toBe(false);
    expect(isDraftDirty({ ...draftOf(saved), file: file('a.pdf') }, saved)).toBe(true);
  });

  it('a new phrase once something was typed or picked', () => {
    expect(isDraftDirty(draft(), null)).toBe(false);
    expect(isDraftDirty(draft({ wordInput: 'цена' }), null)).toBe(true);
    expect(isDraftDirty(draft({ type: 'file', file: file('a.pdf') }), null)).toBe(true);
  });
});

describe('the save form', () => {
  it('sends the full word list with the typed word, and the id on update', () => {
    expect(saveFields(draft({ words: ['цена'], wordInput: 'прайс', reply: ' От 1000 ' }))).toEqual({
      active: 'true',
      type: 'text',
      reply: 'От 1000',
      words: '["цена","прайс"]',
    });
    expect(saveFields({ ...draftOf(wire()), active: false })).toMatchObject({ id: '7', active: 'false' });
  });
});

describe('server refusals', () => {
  const refused = (status: string, httpStatus = 400, issues: { path: string; code: string }[] = []) =>
    new ApiError(status, httpStatus, undefined, issues);

  it('maps the contract statuses to messages under their field', () => {
    expect(serverError(refused(KEY_PHRASE_STATUS.textTooLong))).toEqual({ key: 'textTooLong', field: 'reply' });
    expect(serverError(refused(KEY_PHRASE_STATUS.fileTooBig, 413))).toEqual({ key: 'fileTooBig', field: 'media' });
    expect(serverError(refused(KEY_PHRASE_STATUS.tooManyPhrases))).toEqual({ key: 'tooManyPhrases', field: null });
    expect(serverError(refused(KEY_PHRASE_STATUS.notFound, 404))).toEqual({ key: 'notFound', field: null });
  });

  it('reads a generic refusal through its issues', () => {
    const error = refused('Bad request', 400, [
      { path: 'body.words.0', code: 'Too small' },
      { path: 'body.words.1', code: KEY_PHRASE_STATUS.emptyWord },
    ]);
    expect(serverError(error)).toEqual({ key: 'emptyWord', field: 'words' });
    expect(serverError(refused('Bad request'))).toEqual({ key: 'invalid', field: null });
  });

  it('a bare 413 is a file too big; rights and unknown failures have their own messages', () => {
    expect(serverError(refused('Internal', 413))).toEqual({ key: 'fileTooBig', field: 'media' });
    expect(serverError(refused('Access denied', 403))).toEqual({ key: 'accessDenied', field: null });
    expect(serverError(refused('Internal', 500))).toEqual({ key: 'common', field: null });
    expect(serverError(new Error('boom'))).toEqual({ key: 'common', field: null });
  });
});

describe('settings values', () => {
  it('takes whole numbers within bounds only', () => {
    expect(settingsValue(120, TAKEOVER_PAUSE_MINUTES)).toBe(120);
    expect(settingsValue('15', TAKEOVER_PAUSE_MINUTES)).toBe(15);
    expect(settingsValue('', TAKEOVER_PAUSE_MINUTES)).toBeNull();
    expect(settingsValue(0, TAKEOVER_PAUSE_MINUTES)).toBeNull();
    expect(settingsValue(1.5, TAKEOVER_PAUSE_MINUTES)).toBeNull();
    expect(settingsValue(TAKEOVER_PAUSE_MINUTES.max + 1, TAKEOVER_PAUSE_MINUTES)).toBeNull();
  });
});
