import { errors } from 'telegram';
import type { LoginError, LoginResult, SendResult } from '../../channel.js';

// An RPC error as Telegram named it, split into its code and numeric tail: FLOOD_WAIT_37 is
// { code: 'FLOOD_WAIT', value: 37 }, PHONE_CODE_INVALID is { code: 'PHONE_CODE_INVALID', value: null }.
export interface RpcFailure {
  code: string;
  value: number | null;
}

export function readRpcFailure(error: unknown): RpcFailure | null {
  // GramJS turns FLOOD_WAIT_N (and the premium and test-DC variants) into FloodWaitError, whose
  // errorMessage is only 'FLOOD': the seconds live on the error object.
  if (error instanceof errors.FloodWaitError || error instanceof errors.FloodTestPhoneWaitError) {
    return { code: 'FLOOD_WAIT', value: error.seconds };
  }
  if (error instanceof errors.SlowModeWaitError) return { code: 'SLOWMODE_WAIT', value: error.seconds };
  if (!(error instanceof errors.RPCError)) return null;
  const tail = /^(.+?)_(\d+)$/.exec(error.errorMessage);
  if (tail?.[1] && tail[2]) return { code: tail[1], value: Number(tail[2]) };
  return { code: error.errorMessage, value: null };
}

const FLOOD_CODES = new Set(['FLOOD_WAIT', 'FLOOD_PREMIUM_WAIT', 'FLOOD_TEST_PHONE_WAIT', 'SLOWMODE_WAIT']);

// The account's authorization is gone (terminated from another device, account deleted or banned):
// the stored session will never work again.
const REVOKED_CODES = new Set([
  'AUTH_KEY_UNREGISTERED',
  'AUTH_KEY_INVALID',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
]);

export function revokedCode(error: unknown): string | null {
  const failure = readRpcFailure(error);
  return failure && REVOKED_CODES.has(failure.code) ? failure.code : null;
}

export function retryAfterMs(failure: RpcFailure): number | undefined {
  return FLOOD_CODES.has(failure.code) && failure.value !== null ? failure.value * 1000 : undefined;
}

export function describeError(error: unknown): string {
  const failure = readRpcFailure(error);
  if (failure) return failure.value === null ? failure.code : `${failure.code}_${failure.value}`;
  return error instanceof Error ? error.message : String(error);
}

export type LoginFailure = Extract<LoginResult, { result: 'error' }>;

const LOGIN_ERRORS: Record<string, LoginError> = {
  PHONE_NUMBER_INVALID: 'invalid_phone',
  PHONE_NUMBER_UNOCCUPIED: 'invalid_phone',
  PHONE_CODE_INVALID: 'wrong_code',
  PHONE_CODE_EMPTY: 'wrong_code',
  PHONE_CODE_EXPIRED: 'code_expired',
  PHONE_CODE_HASH_EMPTY: 'code_expired',
  PASSWORD_HASH_INVALID: 'wrong_password',
  // Too many codes requested for this number; Telegram gives no wait time for it.
  PHONE_NUMBER_FLOOD: 'flood',
  PHONE_PASSWORD_FLOOD: 'flood',
};

export function loginFailure(error: unknown): LoginFailure {
  const failure = readRpcFailure(error);
  if (!failure) return { result: 'error', error: 'provider_error', detail: describeError(error) };
  const wait = retryAfterMs(failure);
  if (wait !== undefined) return { result: 'error', error: 'flood', retryAfterMs: wait, detail: describeError(error) };
  const mapped = LOGIN_ERRORS[failure.code];
  return { result: 'error', error: mapped ?? 'provider_error', detail: describeError(error) };
}

export type SendFailureResult = Extract<SendResult, { ok: false }>;

// What a failed send means beyond its result: PEER_FLOOD restricts the whole account (the core
// pauses the channel), a revoked authorization ends the session.
export type SendSideEffect = { kind: 'peer_flood' } | { kind: 'revoked'; code: string } | null;

const NOT_ON_CHANNEL = new Set([
  'USER_PRIVACY_RESTRICTED',
  'PEER_ID_INVALID',
  'USER_ID_INVALID',
  'INPUT_USER_DEACTIVATED',
  'USER_IS_BLOCKED',
  'PRIVACY_PREMIUM_REQUIRED',
  'USER_NOT_MUTUAL_CONTACT',
]);

const BANNED = new Set(['USER_BANNED_IN_CHANNEL', 'PHONE_NUMBER_BANNED', 'USER_RESTRICTED']);

export function sendFailure(error: unknown): { result: SendFailureResult; effect: SendSideEffect } {
  const detail = describeError(error);
  const failure = readRpcFailure(error);
  if (!failure) {
    // GramJS throws plain Errors for a dropped connection ("Cannot send requests while
    // disconnected", request timeouts); the core retries those later.
    return { result: { ok: false, failure: 'not_connected', detail }, effect: null };
  }
  const revoked = revokedCode(error);
  if (revoked)
    return { result: { ok: false, failure: 'not_connected', detail }, effect: { kind: 'revoked', code: revoked } };
  if (failure.code === 'PEER_FLOOD') {
    return { result: { ok: false, failure: 'rate_limited', detail }, effect: { kind: 'peer_flood' } };
  }
  const wait = retryAfterMs(failure);
  if (wait !== undefined)
    return { result: { ok: false, failure: 'rate_limited', retryAfterMs: wait, detail }, effect: null };
  if (NOT_ON_CHANNEL.has(failure.code))
    return { result: { ok: false, failure: 'not_on_channel', detail }, effect: null };
  if (BANNED.has(failure.code)) return { result: { ok: false, failure: 'banned', detail }, effect: null };
  if (failure.code === 'PHONE_NUMBER_INVALID') {
    return { result: { ok: false, failure: 'invalid_recipient', detail }, effect: null };
  }
  return { result: { ok: false, failure: 'provider_error', detail }, effect: null };
}
