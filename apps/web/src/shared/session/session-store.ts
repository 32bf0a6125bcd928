import { SESSION_FIELDS, type SessionField, type SessionSnapshot } from './session-fields';
import type { KeyValueStorage } from './key-value-storage';

export interface SessionStore {
  get(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<SessionSnapshot>): void;
  clear(): void;
  // Re-reads storage after another tab changed it; `keep` fields stay as this tab has them.
  reload(keep?: readonly SessionField[]): void;
  readonly keys: readonly string[];
}

const fieldNames = Object.keys(SESSION_FIELDS) as SessionField[];

function readField<K extends SessionField>(storage: KeyValueStorage, name: K): SessionSnapshot[K] {
  const codec = SESSION_FIELDS[name];
  const raw = storage.getItem(codec.key);
  return (raw === null ? codec.empty : codec.read(raw)) as SessionSnapshot[K];
}

function readAll(storage: KeyValueStorage): SessionSnapshot {
  const entries = fieldNames.map((name) => [name, readField(storage, name)]);
  return Object.fromEntries(entries) as SessionSnapshot;
}

function writeField<K extends SessionField>(storage: KeyValueStorage, name: K, value: SessionSnapshot[K]): void {
  const codec = SESSION_FIELDS[name] as { key: string; write(v: SessionSnapshot[K]): string | null };
  const raw = codec.write(value);
  if (raw === null) storage.removeItem(codec.key);
  else storage.setItem(codec.key, raw);
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  // The snapshot object is replaced on every change so useSyncExternalStore sees a new reference.
  let snapshot = readAll(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    keys: fieldNames.map((name) => SESSION_FIELDS[name].key),
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const names = (Object.keys(patch) as SessionField[]).filter((name) => name in SESSION_FIELDS);
      if (names.length === 0) return;
      for (const name of names) writeField(storage, name, patch[name] as SessionSnapshot[typeof name]);
      // Read back through the codecs so the snapshot always equals what a reload would give.
      snapshot = readAll(storage);
      emit();
    },
    clear() {
      for (const name of fieldNames) storage.removeItem(SESSION_FIELDS[name].key);
      snapshot = readAll(storage);
      emit();
    },
    reload(keep = []) {
      const fresh = readAll(storage);
      for (const name of keep) (fresh as Record<SessionField, unknown>)[name] = snapshot[name];
      snapshot = fresh;
      emit();
    },
  };
}
