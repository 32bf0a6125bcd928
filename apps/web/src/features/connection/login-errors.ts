// Error codes of the login calls (POST /connection/...) and the message key each one shows.
const KEYS = {
  invalid_phone: 'invalidPhone',
  flood: 'flood',
  too_soon: 'tooSoon',
  wrong_code: 'wrongCode',
  code_expired: 'codeExpired',
  wrong_password: 'wrongPassword',
  not_supported: 'notSupported',
  not_paid: 'notPaid',
} as const;

export type LoginErrorKey = (typeof KEYS)[keyof typeof KEYS] | 'authError' | 'generic';

export function loginErrorKey(code: string | null): LoginErrorKey {
  if (code === null) return 'generic';
  return (KEYS as Record<string, LoginErrorKey>)[code] ?? 'generic';
}
