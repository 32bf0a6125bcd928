import type { TgStepResponse } from '@salon/contract/connection';
import { loginErrorKey, type LoginErrorKey } from './login-errors';

// SPEC 4 Telegram steps: phone, code, 2FA password, then loading the new status; or the QR way.
export type TgStep = 'phone' | 'code' | 'password' | 'loadingStatus' | 'qr';

export interface TgLogin {
  step: TgStep;
  error: LoginErrorKey | null;
  // The error belongs to the step's input, which is shown as invalid (and, for a code, emptied).
  fieldError: boolean;
  // Seconds to wait before asking again (flood).
  retryAfter: number | null;
}

export const TG_START: TgLogin = { step: 'phone', error: null, fieldError: false, retryAfter: null };

const at = (
  step: TgStep,
  error: LoginErrorKey | null = null,
  fieldError = false,
  retryAfter: number | null = null,
): TgLogin => ({
  step,
  error,
  fieldError,
  retryAfter,
});

type Answer = Pick<TgStepResponse, 'status' | 'error' | 'retry_after'>;

// Statuses every step shares: linked already, or a password is needed.
function common(answer: Answer): TgLogin | null {
  if (answer.status === 'auth_success') return at('loadingStatus');
  if (answer.status === '2fa') return at('password');
  return null;
}

export function afterPhone(answer: Answer): TgLogin {
  const shared = common(answer);
  if (shared) return shared;
  if (answer.status === 'code_sent') return at('code');
  const key = loginErrorKey(answer.error);
  return at('phone', key, key === 'invalidPhone', answer.retry_after);
}

// A wrong code resets the input and marks it; an expired one starts again from the phone.
export function afterCode(answer: Answer): TgLogin {
  const shared = common(answer);
  if (shared) return shared;
  const key = loginErrorKey(answer.error);
  if (key === 'codeExpired') return at('phone', key);
  return at('code', key, key === 'wrongCode', answer.retry_after);
}

// 2fa_error: the password was wrong (the input is marked); auth_error: the login is lost.
export function afterPassword(answer: Answer): TgLogin {
  const shared = common(answer);
  if (shared) return shared;
  if (answer.status === '2fa_error') return at('password', 'wrongPassword', true);
  return at('phone', answer.status === 'auth_error' ? 'authError' : loginErrorKey(answer.error));
}

// The QR way: '2fa' without a QR asks for the password; auth_success loads the new status.
export function afterTelegramQr(answer: {
  status: 'qr' | 'auth_success' | '2fa' | 'error';
  error: string | null;
}): TgLogin {
  if (answer.status === 'qr') return at('qr');
  if (answer.status === 'auth_success') return at('loadingStatus');
  if (answer.status === '2fa') return at('password');
  return at('phone', loginErrorKey(answer.error));
}
