// Zod-free rules of the settings forms (SPEC 3 Settings, SPEC 5 general settings), shared by the
// cabinet's forms and the server's schemas.

// SPEC 5: a 'do not show in bot' entry is at most 12 characters.
export const HIDDEN_PHONE_ENTRY_MAX = 12;
export const HIDDEN_PHONES_MAX = 50;
export const CUSTOM_NAME_MAX = 120;
export const MASTER_NAME_MAX = 120;
export const EXCEPTION_MASTERS_MAX = 200;

// Channel priority wire names (SPEC 7: "object keyed by position").
// SPEC 3 names three (Whatsapp, Telegram, SMS); the salon's own Telegram bot and the MAX bot
// (issue 19) join them under the names below, in the cascade's default order.
export const PRIORITY_CHANNELS = ['Whatsapp', 'Telegram', 'TelegramBot', 'MAX', 'SMS'] as const;
export type PriorityChannel = (typeof PRIORITY_CHANNELS)[number];
export const PRIORITY_TO_KIND = {
  Whatsapp: 'whatsapp',
  Telegram: 'telegram',
  TelegramBot: 'tg_bot',
  MAX: 'max',
  SMS: 'sms',
} as const;

// An order saved before the bot channels existed names three channels. The missing ones join in
// the default order at the end, but before the paid channel when the owner left it last: a free
// channel is tried before a paid one, and an owner who put SMS earlier keeps it there. One rule for
// the priority page (wire names) and the dispatcher's cascade (channel kinds).
export function completeChannelOrder<T extends string>(listed: readonly T[], all: readonly T[], paid: T): T[] {
  const order = [...new Set(listed)];
  const paidLast = order.at(-1) === paid;
  for (const channel of all) {
    if (order.includes(channel)) continue;
    if (paidLast && channel !== paid) order.splice(order.length - 1, 0, channel);
    else order.push(channel);
  }
  return order;
}

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

// Status texts of the settings calls the cabinet maps to messages (SPEC 8 Settings).
export const SETTINGS_STATUS = {
  saved: 'SAVE_SUCCESS',
  innInvalid: 'INN_NOT_VALID',
  smsConfirmWithoutProvider: 'SMS_CONFIRM_WITHOUT_PROVIDER',
  smsFields: 'SMS_FIELDS_INVALID',
} as const;

// A stored secret comes back as this mask plus its last characters, never in full.
export const SECRET_MASK = '••••';
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  return SECRET_MASK + (value.length > 8 ? value.slice(-4) : '');
}
export function isMaskedSecret(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK);
}
