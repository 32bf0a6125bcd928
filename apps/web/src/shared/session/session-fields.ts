import type { UserInfo } from '@salon/contract/auth';
import { LANGUAGES } from '@salon/contract/constants';
import { expandRights, type Right } from '@salon/contract/rights-rules';
import { deobfuscate, obfuscate } from './obfuscate';

// Stored values are checked by hand, not with the contract's zod schemas: the session is read at
// start-up on every page, the login page included, and that must not need zod.
const isIntList = (value: unknown): value is number[] => Array.isArray(value) && value.every(Number.isInteger);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isUserInfo = (value: unknown): value is UserInfo =>
  typeof value === 'object' &&
  value !== null &&
  'user_id' in value &&
  typeof value.user_id === 'string' &&
  'name' in value &&
  typeof value.name === 'string' &&
  'avatar_url' in value &&
  (value.avatar_url === null || typeof value.avatar_url === 'string') &&
  'lang' in value &&
  (LANGUAGES as readonly unknown[]).includes(value.lang);

// How one session value is stored under its local-storage key (SPEC 3 "Session data").
interface FieldCodec<T> {
  key: string;
  empty: T;
  read(raw: string): T;
  write(value: T): string | null;
}

const text = (key: string): FieldCodec<string | null> => ({
  key,
  empty: null,
  read: (raw) => raw,
  write: (value) => value,
});

const integer = (key: string): FieldCodec<number | null> => ({
  key,
  empty: null,
  read: (raw) => (/^-?\d+$/.test(raw) ? Number(raw) : null),
  write: (value) => (value === null ? null : String(value)),
});

const flag = (key: string): FieldCodec<boolean> => ({
  key,
  empty: false,
  read: (raw) => raw === '1',
  write: (value) => (value ? '1' : null),
});

const idList = (key: string): FieldCodec<number[]> => ({
  key,
  empty: [],
  read: (raw) => {
    const parsed = safeJson(raw);
    return isIntList(parsed) ? parsed : [];
  },
  write: (value) => (value.length === 0 ? null : JSON.stringify(value)),
});

const user = (key: string): FieldCodec<UserInfo | null> => ({
  key,
  empty: null,
  read: (raw) => {
    const parsed = safeJson(raw);
    return isUserInfo(parsed)
      ? { user_id: parsed.user_id, name: parsed.name, avatar_url: parsed.avatar_url, lang: parsed.lang }
      : null;
  },
  write: (value) => (value === null ? null : JSON.stringify(value)),
});

const rights = (key: string): FieldCodec<Right[]> => ({
  key,
  empty: [],
  read: (raw) => {
    const plain = deobfuscate(raw);
    const parsed = plain === null ? null : safeJson(plain);
    return isStringList(parsed) ? expandRights(parsed) : [];
  },
  write: (value) => (value.length === 0 ? null : obfuscate(JSON.stringify(value))),
});

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export const SESSION_FIELDS = {
  authenticated: flag('salon.auth'),
  userId: text('salon.userId'),
  accId: integer('salon.accId'),
  branchId: integer('salon.branchId'),
  branchName: text('salon.branchName'),
  sendOutAccount: flag('salon.sendOutAccount'),
  accessToken: text('salon.accessToken'),
  refreshToken: text('salon.refreshToken'),
  user: user('salon.userData'),
  emoji: text('salon.emoji'),
  tooltipSeen: flag('salon.tooltip'),
  headerBannerHidden: flag('salon.headerBanner'),
  headerBannerText: text('salon.headerBannerText'),
  rights: rights('salon.rights'),
  waCodeRequestedAt: integer('salon.waCodeRequestedAt'),
  // Banners the user closed (SPEC 4: "Banners can be hidden"); the Telegram banner is per branch.
  tgBannerHiddenAccIds: idList('salon.tgBannerHidden'),
  waWarningHiddenAccIds: idList('salon.waWarningHidden'),
  partnerBannerHidden: flag('salon.partnerBannerHidden'),
  // Set by a link to `/?redirect=connection` (e.g. from onboarding): after login the single branch
  // opens on /connection instead of /main (SPEC 4 Session and login).
  redirectToConnection: flag('salon.redirectToConnection'),
} satisfies Record<string, FieldCodec<unknown>>;

type Fields = typeof SESSION_FIELDS;
export type SessionSnapshot = { [K in keyof Fields]: Fields[K]['empty'] };
export type SessionField = keyof SessionSnapshot;
