import { describe, expect, it } from 'vitest';
import { loginErrorKey } from './login-errors';
import { afterCode, afterPassword, afterPhone, afterTelegramQr } from './telegram-steps';

const answer = (
  status: Parameters<typeof afterPhone>[0]['status'],
  error: string | null = null,
  retry_after: number | null = null,
) => ({
  status,
  error,
  retry_after,
});

describe('Telegram login steps (SPEC 4)', () => {
  it('goes from the phone to the code', () => {
    expect(afterPhone(answer('code_sent')).step).toBe('code');
    expect(afterPhone(answer('error', 'invalid_phone'))).toEqual({
      step: 'phone',
      error: 'invalidPhone',
      fieldError: true,
      retryAfter: null,
    });
    expect(afterPhone(answer('error', 'flood', 30))).toMatchObject({ step: 'phone', error: 'flood', retryAfter: 30 });
  });

  it('handles the code result: error marks the input, auth_success loads, 2fa asks the password', () => {
    expect(afterCode(answer('error', 'wrong_code'))).toMatchObject({
      step: 'code',
      error: 'wrongCode',
      fieldError: true,
    });
    expect(afterCode(answer('error', 'code_expired'))).toMatchObject({ step: 'phone', error: 'codeExpired' });
    expect(afterCode(answer('auth_success')).step).toBe('loadingStatus');
    expect(afterCode(answer('2fa')).step).toBe('password');
  });

  it('handles the password result', () => {
    expect(afterPassword(answer('auth_success')).step).toBe('loadingStatus');
    expect(afterPassword(answer('2fa_error'))).toMatchObject({
      step: 'password',
      error: 'wrongPassword',
      fieldError: true,
    });
    expect(afterPassword(answer('auth_error'))).toMatchObject({ step: 'phone', error: 'authError', fieldError: false });
  });

  it('handles the QR way: 2fa without a QR shows the password input', () => {
    expect(afterTelegramQr({ status: '2fa', error: null }).step).toBe('password');
    expect(afterTelegramQr({ status: 'qr', error: null }).step).toBe('qr');
    expect(afterTelegramQr({ status: 'auth_success', error: null }).step).toBe('loadingStatus');
    expect(afterTelegramQr({ status: 'error', error: 'not_paid' })).toMatchObject({ step: 'phone', error: 'notPaid' });
  });

  it('maps unknown error codes to the generic message', () => {
    expect(loginErrorKey('provider_error')).toBe('generic');
    expect(loginErrorKey(null)).toBe('generic');
    expect(loginErrorKey('too_soon')).toBe('tooSoon');
  });
});
