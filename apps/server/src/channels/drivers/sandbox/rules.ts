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

// Bot tokens as the providers issue them: Telegram's "<bot id>:<secret>" from @BotFather, MAX's
// opaque token from MasterBot. A well-shaped token containing 'invalid' is refused too, as a
// revoked one is (getMe / GET /me answer 401), so the error path needs no real revoked token.
const BOT_TOKEN_SHAPES: Record<string, RegExp> = {
  tg_bot: /^\d{6,12}:[A-Za-z0-9_-]{30,}$/,
  max: /^[A-Za-z0-9_-]{20,}$/,
};
export function isValidBotToken(kind: string, token: string): boolean {
  const shape = BOT_TOKEN_SHAPES[kind];
  return shape !== undefined && shape.test(token) && !token.toLowerCase().includes('invalid');
}
