import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './crypto.js';

describe('sealing secrets at rest', () => {
  const key = randomBytes(32);

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = seal(key, 'session ключ');
    expect(open(key, a)).toBe('session ключ');
    expect(seal(key, 'session ключ')).not.toBe(a);
  });

  it('refuses a changed ciphertext or another key', () => {
    const sealed = seal(key, 'secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => open(key, parts.join('.'))).toThrow();
    expect(() => open(randomBytes(32), sealed)).toThrow();
  });
});
