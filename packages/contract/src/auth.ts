import { z } from 'zod';
import { pinSchema, telegramIdSchema } from './telegram-id.js';
import { LANGUAGES } from './constants.js';

// POST /tg/auth: ask the admin bot to send a PIN. The answer is the same whether or not the id is known.
export const pinRequestBody = z.object({ user_id: telegramIdSchema });
export type PinRequestBody = z.input<typeof pinRequestBody>;

// POST /tg/check_pin?pin=1234 with body {user_id}: the PIN becomes the session's credentials.
export const checkPinQuery = z.object({ pin: pinSchema });
export const checkPinBody = pinRequestBody;
export const checkPinResponse = z.object({ ok: z.literal(true), refresh_token: z.string() });
export type CheckPinResponse = z.infer<typeof checkPinResponse>;

export const userInfoSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  lang: z.enum(LANGUAGES),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

// POST /get_token {user_id, refresh_token}: a short-lived access token for a live session.
// Refresh tokens rotate: every answer carries the next one, the one sent stops working, and sending
// a replaced one again ends the session (a copy of it is in someone else's hands).
export const getTokenBody = z.object({ user_id: telegramIdSchema, refresh_token: z.string().min(20).max(200) });
export const tokenResponse = z.object({
  ok: z.literal(true),
  token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;
export const getTokenResponse = tokenResponse.extend({ user: userInfoSchema });
export type GetTokenResponse = z.infer<typeof getTokenResponse>;

// GET /upd_token?token=<refresh token>: the refresh the client runs on a 401/403 (SPEC 4 Token refresh).
export const updTokenQuery = z.object({ token: z.string().min(20).max(200) });

// POST /get_info: who the bearer is.
export const getInfoResponse = z.object({ ok: z.literal(true), user: userInfoSchema });
export type GetInfoResponse = z.infer<typeof getInfoResponse>;

// POST /logout: revokes the session (its refresh token and every access token of it).
export const logoutResponse = z.object({ ok: z.literal(true) });
