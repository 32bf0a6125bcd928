// The simulated network's people, so that every branch of a flow can be seen without accounts.
// The dev page and README list these rules.

// A number whose last four digits are 0000 has no WhatsApp or Telegram account (SMS still reaches it).
export function onMessenger(phone: string): boolean {
  return !phone.endsWith('0000');
}

// A sandbox Telegram account whose phone ends in 2 has two-step verification with this password.
export const SANDBOX_2FA_PASSWORD = 'sandbox';
export function needsTwoFactor(phone: string): boolean {
  return phone.endsWith('2');
}

export function isPhone(value: string): boolean {
  return /^\d{10,15}$/.test(value);
}
