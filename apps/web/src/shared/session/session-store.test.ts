import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './key-value-storage';
import { createSessionStore } from './session-store';
import { deobfuscate, obfuscate } from './obfuscate';

describe('obfuscate', () => {
  it('round-trips ASCII and Cyrillic text', () => {
    for (const value of ['["owner","sendouts"]', 'Нет прав', '']) {
      expect(deobfuscate(obfuscate(value))).toBe(value);
    }
  });

  it('does not store rights in plain text', () => {
    expect(obfuscate('["owner"]')).not.toContain('owner');
  });

  it('rejects values that are not base64', () => {
    expect(deobfuscate('%%%')).toBeNull();
  });
});

describe('session store', () => {
  it('persists values and reads them back in a new store', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    store.update({ authenticated: true, userId: '123456', accId: 42, rights: ['owner'], sendOutAccount: true });

    const again = createSessionStore(storage).get();
    expect(again).toMatchObject({
      authenticated: true,
      userId: '123456',
      accId: 42,
      rights: ['owner'],
      sendOutAccount: true,
    });
  });

  it('keeps rights obfuscated in storage', () => {
    const storage = createMemoryStorage();
    createSessionStore(storage).update({ rights: ['manage_wapp'] });
    const raw = storage.getItem('salon.rights');
    expect(raw).not.toBeNull();
    expect(raw).not.toContain('manage_wapp');
  });

  it('drops tampered rights and unknown right names', () => {
    expect(createSessionStore(createMemoryStorage({ 'salon.rights': 'WyJvd25lciJd' })).get().rights).toEqual([]);
    const storage = createMemoryStorage({ 'salon.rights': obfuscate('["sendouts","root"]') });
    expect(createSessionStore(storage).get().rights).toEqual(['sendouts']);
  });

  it('notifies subscribers with a new snapshot and clears everything', () => {
    const store = createSessionStore(createMemoryStorage());
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get()));
    const before = store.get();
    store.update({ accessToken: 'a' });
    expect(store.get()).not.toBe(before);
    store.clear();
    expect(store.get().accessToken).toBeNull();
    expect(seen).toHaveLength(2);
    unsubscribe();
    store.update({ accessToken: 'b' });
    expect(seen).toHaveLength(2);
  });

  it('ignores a malformed user record', () => {
    const store = createSessionStore(createMemoryStorage({ 'salon.userData': '{"name":1}' }));
    expect(store.get().user).toBeNull();
  });
});

describe('session reload', () => {
  it('keeps the fields this tab owns', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    store.update({ accId: 1, accessToken: 'a' });
    storage.setItem('salon.accId', '2');
    storage.setItem('salon.accessToken', 'b');
    store.reload(['accId']);
    expect(store.get()).toMatchObject({ accId: 1, accessToken: 'b' });
  });
});
