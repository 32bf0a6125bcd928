// Zod-free half of telegram-id.ts (SPEC 5 rules), so the web login page can check ids without
// pulling in zod. telegram-id.ts re-exports everything here.

// SPEC 5: 5 to 12 digits, not starting with 0.
export const TELEGRAM_ID_PATTERN = /^[1-9]\d{4,11}$/;
export const TELEGRAM_ID_MAX_LENGTH = 12;

export function isValidTelegramId(value: string): boolean {
  return TELEGRAM_ID_PATTERN.test(value);
}

// Inputs of ids and phones keep only digits (SPEC 5).
export function onlyDigits(value: string, maxLength?: number): string {
  const digits = value.replace(/\D+/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^\d{4}$/;
