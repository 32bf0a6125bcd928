// The simulated network's people, so that every branch of a flow can be seen without accounts.
// The dev page and README list these rules.

// Who has which messenger, by the number's last four digits (SMS reaches every number):
// ...0000 has neither WhatsApp nor Telegram, ...0001 only Telegram, ...0002 only WhatsApp.
export function onMessenger(kind: string, phone: string): boolean {
  if (phone.endsWith('0000')) return false;
  if (phone.endsWith('0001')) return kind === 'telegram';
  if (phone.endsWith('0002')) return kind === 'whatsapp';
  return true;
}

// A sandbox Telegram account whose phone ends in 2 has two-step verification with this password.
export const SANDBOX_2FA_PASSWORD = 'sandbox';
export function needsTwoFactor(phone: string): boolean {
  return phone.endsWith('2');
}

export function isPhone(value: string): boolean {
  return /^\d{10,15}$/.test(value);
}
