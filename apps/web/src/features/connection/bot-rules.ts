import { OPT_IN_LINK_VARIABLES, type BotLinkKind } from '@salon/contract/bot-links';
import { botTokenBody } from '@salon/contract/connection';
import type { BotCode, ChannelUiState } from './channel-state';

export const BOT_KIND: Record<BotCode, BotLinkKind> = { TGB: 'tg_bot', MAX: 'max' };

// Samples of each messenger's token shape, shown in the empty field.
export const BOT_TOKEN_PLACEHOLDER: Record<BotCode, string> = {
  TGB: '123456789:AAF…',
  MAX: 'f9LHodD0cOI…',
};

// The token form's own check before asking the server: a pasted token often carries spaces or a
// line break, so it is trimmed; what is left must at least look like a token (the contract's rule).
export type BotTokenCheck = { ok: true; token: string } | { ok: false; error: 'required' | 'malformed' };

export function checkBotToken(raw: string): BotTokenCheck {
  const token = raw.trim();
  if (token === '') return { ok: false, error: 'required' };
  const parsed = botTokenBody.safeParse({ token });
  return parsed.success ? { ok: true, token: parsed.data.token } : { ok: false, error: 'malformed' };
}

// Error codes of POST /connection/{tg_bot|max}/token and the message key each one shows.
const ERROR_KEYS = {
  invalid_token: 'invalidToken',
  not_paid: 'notPaid',
  provider_error: 'providerError',
  not_supported: 'notSupported',
} as const;
export type BotErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS] | 'required' | 'malformed' | 'generic';

export function botErrorKey(code: string | null): BotErrorKey {
  if (code === null) return 'generic';
  return (ERROR_KEYS as Record<string, BotErrorKey>)[code] ?? 'generic';
}

// A bot that is not logged in waits for a token, whatever the reason (never set up, logged out,
// its token revoked): the page shows the token form instead of a QR.
export function botNeedsToken(state: ChannelUiState): boolean {
  return state === 'noConnect' || state === 'notSetUp' || state === 'notConnected';
}

// States with a session to end: the bot can be disconnected.
export function botCanDisconnect(state: ChannelUiState): boolean {
  return state === 'authenticated' || state === 'error' || state === 'blocked' || state === 'loading';
}

// The bot's username comes in the channel's `phone`; shown as @username.
export function botHandle(username: string | null): string | null {
  const name = username?.trim().replace(/^@+/, '') ?? '';
  return name === '' ? null : `@${name}`;
}

// The template variable that invites a client to this bot ({tg_bot_link}, {max_link}).
export function inviteVariable(channel: BotCode): string {
  const kind = BOT_KIND[channel];
  const name = Object.entries(OPT_IN_LINK_VARIABLES).find(([, k]) => k === kind)?.[0] ?? '';
  return `{${name}}`;
}
