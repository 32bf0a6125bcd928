import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { MAX_BETWEEN_TIME } from '@salon/contract/mailing-plan-rules';
import {
  clampBetweenTime,
  insertKey,
  isTestPhone,
  MAILING_MEDIA_ACCEPT,
  mediaProblem,
  messageKeys,
  needsParentLink,
  previewText,
  sampleValues,
  unknownKeys,
  withoutParentLink,
} from './message-rules';

describe('message keys', () => {
  it('offers name and phone, the list columns, the bot links, and the parent link only with an action', () => {
    expect(messageKeys(['phone', 'name', 'visits'], null)).toEqual([
      'name',
      'phone',
      'visits',
      'max_link',
      'tg_bot_link',
    ]);
    expect(messageKeys(['name', 'phone'], 'act-1')).toEqual([
      'name',
      'phone',
      'max_link',
      'tg_bot_link',
      'partner_link',
    ]);
  });

  it('finds the keys recipients do not have', () => {
    expect(unknownKeys('Hi {name}, {city} {city} {visits}', ['name', 'phone', 'visits'])).toEqual(['city']);
    expect(unknownKeys('Hi {name}', ['name'])).toEqual([]);
  });

  it('inserts a key at the caret, replacing a selection, or at the end', () => {
    expect(insertKey('Hello !', 'name', 6)).toEqual({ text: 'Hello {name}!', caret: 12 });
    expect(insertKey('Hello XX!', 'name', 6, 8)).toEqual({ text: 'Hello {name}!', caret: 12 });
    expect(insertKey('Hello', 'name', null)).toEqual({ text: 'Hello{name}', caret: 11 });
  });
});

describe('parent-link warning (SPEC 4, 5)', () => {
  it('warns while an action is chosen and the text lacks {partner_link}', () => {
    expect(needsParentLink('Bring a friend', 'act-1')).toBe(true);
    expect(needsParentLink('Bring a friend: {partner_link}', 'act-1')).toBe(false);
    expect(needsParentLink('Bring a friend', null)).toBe(false);
    expect(needsParentLink('{partner_link }', 'act-1')).toBe(true);
  });

  it('strips the key when the action is turned off', () => {
    expect(withoutParentLink('Go {partner_link} now {partner_link}')).toBe('Go  now ');
  });
});

describe('preview and test values', () => {
  const sample = {
    name: 'Анна',
    phone: '79990000000',
    link: 'https://t.me/x',
    optIn: { max_link: 'https://example.com/max', tg_bot_link: 'https://example.com/tg' },
    other: (key: string) => `[${key}]`,
  };

  it('renders the text as the first sample recipient reads it', () => {
    const values = sampleValues(['name', 'phone', 'visits', 'partner_link', 'max_link'], sample);
    expect(values).toEqual({
      name: 'Анна',
      phone: '79990000000',
      visits: '[visits]',
      partner_link: 'https://t.me/x',
      max_link: 'https://example.com/max',
    });
    expect(previewText('{name}, {visits} visits; {city}', values)).toBe('Анна, [visits] visits; {city}');
  });

  it('needs a whole phone of digits for a test message', () => {
    expect(isTestPhone('79990000000')).toBe(true);
    expect(isTestPhone('799900')).toBe(false);
    expect(isTestPhone('+79990000000')).toBe(false);
  });
});

describe('mediaProblem (SPEC 5)', () => {
  it('accepts images, video, audio and pdf/doc/docx/txt documents', () => {
    expect(mediaProblem('promo.JPG', 1000)).toBeNull();
    expect(mediaProblem('clip.mp4', 1000)).toBeNull();
    expect(mediaProblem('voice.ogg', 1000)).toBeNull();
    expect(mediaProblem('price.pdf', 1000)).toBeNull();
  });

  it('refuses other documents and unknown types as unsupported, files over 20 MB as too big', () => {
    expect(mediaProblem('list.xlsx', 1000)).toBe('unsupported');
    expect(mediaProblem('setup.exe', 1000)).toBe('unsupported');
    expect(mediaProblem('noextension', 1000)).toBe('unsupported');
    expect(mediaProblem('movie.mp4', MAX_ATTACHMENT_BYTES + 1)).toBe('tooBig');
    expect(mediaProblem('empty.jpg', 0)).toBe('empty');
  });

  it('offers only those types in the file picker', () => {
    expect(MAILING_MEDIA_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.jpg', '.mp4', '.mp3', '.pdf', '.txt']));
    expect(MAILING_MEDIA_ACCEPT.split(',')).not.toContain('.xlsx');
  });
});

describe('clampBetweenTime (SPEC 5: 0..max)', () => {
  it('keeps values within range, rounding to whole seconds', () => {
    expect(clampBetweenTime('0', 10)).toBe(0);
    expect(clampBetweenTime(25.4, 10)).toBe(25);
  });

  it('gives the initial value for empty, non-numeric or negative input and the max above it', () => {
    expect(clampBetweenTime('', 10)).toBe(10);
    expect(clampBetweenTime('abc', 15)).toBe(15);
    expect(clampBetweenTime(-1, 10)).toBe(10);
    expect(clampBetweenTime(MAX_BETWEEN_TIME + 1, 10)).toBe(MAX_BETWEEN_TIME);
  });
});
