import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';

// Baileys' auth state (credentials and Signal keys) held in memory and serialized as one JSON string
// that the core seals into the database. Files would pin a session to one machine; a string in the
// database lets another worker take the session over.

// Category ('pre-key', 'session', ...) → key id → value as Baileys wrote it.
type KeyTable = Map<string, Map<string, unknown>>;

export interface AuthStore {
  // The object handed to makeWASocket; Baileys mutates `creds` in place and writes keys through `keys`.
  readonly state: AuthenticationState;
  serialize(): string;
}

// `onChange` runs after every key write; creds changes arrive as 'creds.update' events on the socket.
export function createAuthStore(serialized: string | null, onChange: () => void): AuthStore {
  const { creds, keys } = serialized === null ? { creds: initAuthCreds(), keys: emptyKeys() } : parse(serialized);
  const state: AuthenticationState = {
    creds,
    keys: {
      get: (type, ids) => {
        const table = keys.get(type);
        const found: Record<string, SignalDataTypeMap[typeof type]> = {};
        for (const id of ids) {
          const value = table?.get(id);
          if (value === undefined || value === null) continue;
          found[id] = revive(type, value);
        }
        return found;
      },
      set: (data: SignalDataSet) => {
        for (const [type, entries] of Object.entries(data)) {
          if (!entries) continue;
          const table = keys.get(type) ?? new Map<string, unknown>();
          keys.set(type, table);
          for (const [id, value] of Object.entries(entries)) {
            if (value === null || value === undefined) table.delete(id);
            else table.set(id, value);
          }
        }
        onChange();
      },
    },
  };
  const serialize = (): string => {
    const plainKeys = Object.fromEntries([...keys].map(([type, table]) => [type, Object.fromEntries(table)]));
    return JSON.stringify({ creds: state.creds, keys: plainKeys }, BufferJSON.replacer);
  };
  return { state, serialize };
}

// True once a phone has linked this device (QR scan or pairing code). `registered` alone is set only
// by the pairing-code flow; a QR link leaves it false but stores the signed device identity.
export function isLinked(creds: AuthenticationCreds): boolean {
  return creds.registered || creds.account !== undefined;
}

function parse(serialized: string): { creds: AuthenticationCreds; keys: KeyTable } {
  const parsed: unknown = JSON.parse(serialized, BufferJSON.reviver);
  if (!isRecord(parsed) || !isRecord(parsed.creds) || !isRecord(parsed.keys)) {
    throw new Error('whatsapp credentials are not a serialized Baileys auth state');
  }
  const keys = emptyKeys();
  for (const [type, table] of Object.entries(parsed.keys)) {
    if (isRecord(table)) keys.set(type, new Map(Object.entries(table)));
  }
  // The shape was written by serialize() from a Baileys state; only its outline can be checked here.
  return { creds: parsed.creds as unknown as AuthenticationCreds, keys };
}

function emptyKeys(): KeyTable {
  return new Map();
}

function revive<T extends keyof SignalDataTypeMap>(type: T, value: unknown): SignalDataTypeMap[T] {
  // App-state keys are protobuf messages; JSON keeps only their fields (bytes as base64), and Baileys
  // needs the message back, as its own file store does.
  const revived: unknown =
    type === 'app-state-sync-key' && isRecord(value) ? proto.Message.AppStateSyncKeyData.fromObject(value) : value;
  return revived as SignalDataTypeMap[T];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
