import { z } from 'zod';
import { isValidTelegramId, PIN_PATTERN } from './telegram-id-rules.js';

export * from './telegram-id-rules.js';

// The wire carries the id as a number or a numeric string; both are accepted and checked.
export const telegramIdSchema = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v))
  .refine(isValidTelegramId, { message: 'invalid_telegram_id' });

export const pinSchema = z.string().regex(PIN_PATTERN, { message: 'invalid_pin' });
