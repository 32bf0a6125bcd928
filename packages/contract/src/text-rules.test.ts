import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './text-rules.js';

describe('the shared text rule', () => {
  it('refuses NUL and lone surrogates, keeps every real character', () => {
    expect(isSafeText('Анна 😀 \t\n ok')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\uD83D')).toBe(false);
    expect(isSafeText('x\uDE00')).toBe(false);
    expect(isSafeText('\uDE00\uD83D')).toBe(false);
  });

  it('finds the first unsafe text in keys, items and nested objects', () => {
    expect(findUnsafeText({ a: ['ok', { b: 1, c: null }] })).toBeNull();
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findUnsafeText({ 'k\uD800': 1 })).toEqual(['k?']);
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
  });
});
