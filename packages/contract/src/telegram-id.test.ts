import { describe, expect, it } from 'vitest';
import { isValidTelegramId, onlyDigits, pinSchema, telegramIdSchema } from './telegram-id.js';

describe('Telegram id', () => {
  it.each(['12345', '123456789012', '111111', '900000000001'])('accepts %s', (id) => {
    expect(isValidTelegramId(id)).toBe(true);
    expect(telegramIdSchema.parse(id)).toBe(id);
  });

  it.each(['1234', '1234567890123', '012345', '12 345', '12345a', '', '-12345'])('refuses %j', (id) => {
    expect(isValidTelegramId(id)).toBe(false);
    expect(telegramIdSchema.safeParse(id).success).toBe(false);
  });

  it('accepts a number on the wire and gives a string', () => {
    expect(telegramIdSchema.parse(123456)).toBe('123456');
    expect(telegramIdSchema.safeParse(1.5).success).toBe(false);
  });

  it('keeps only digits in inputs, up to a length', () => {
    expect(onlyDigits('+7 (912) 345-67-89')).toBe('79123456789');
    expect(onlyDigits('12ab34567', 4)).toBe('1234');
  });

  it('takes a PIN of exactly four digits', () => {
    expect(pinSchema.safeParse('0042').success).toBe(true);
    expect(pinSchema.safeParse('042').success).toBe(false);
    expect(pinSchema.safeParse('00421').success).toBe(false);
    expect(pinSchema.safeParse('0a42').success).toBe(false);
  });
});
