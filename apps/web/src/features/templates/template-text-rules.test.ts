import { describe, expect, it } from 'vitest';
import { insertVariable, splitUnknownKeys } from './template-text-rules';

describe('variable picker', () => {
  it('inserts at the caret and moves the caret after it', () => {
    expect(insertVariable('Привет, !', 'name', 8)).toEqual({ text: 'Привет, {name}!', caret: 14 });
  });

  it('replaces a selection', () => {
    expect(insertVariable('в XX:XX', 'start_time', 2, 7)).toEqual({ text: 'в {start_time}', caret: 14 });
  });

  it('appends without a caret and keeps out-of-range carets inside the text', () => {
    expect(insertVariable('Ждём', 'name', null)).toEqual({ text: 'Ждём{name}', caret: 10 });
    expect(insertVariable('ab', 'name', 99).text).toBe('ab{name}');
  });
});

describe('unknown key highlight', () => {
  it('cuts out the unknown keys only', () => {
    expect(splitUnknownKeys('Привет, {nmae}! {name}', ['nmae'])).toEqual([
      { text: 'Привет, ', bad: false },
      { text: '{nmae}', bad: true },
      { text: '! {name}', bad: false },
    ]);
  });

  it('returns the text whole when all keys are known', () => {
    expect(splitUnknownKeys('{name}', [])).toEqual([{ text: '{name}', bad: false }]);
    expect(splitUnknownKeys('', ['x'])).toEqual([]);
  });
});
