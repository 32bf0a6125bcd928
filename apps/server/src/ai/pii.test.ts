import { describe, expect, it } from 'vitest';
import { createPiiMask } from './pii.js';

const client = { name: 'Анна Петрова', phone: '79991234567' };

describe('PII mask', () => {
  it('masks the client phone in every Russian spelling as one placeholder', () => {
    const pii = createPiiMask(client);
    for (const written of [
      '+7 (999) 123-45-67',
      '8 999 123 45 67',
      '89991234567',
      '+7-999-123-4567',
      '999 123-45-67',
      '8(999)1234567',
    ]) {
      expect(pii.mask(`мой номер ${written}, звоните`)).toBe('мой номер [PHONE_1], звоните');
    }
  });

  it('numbers other phones and e-mails in order and restores what was written', () => {
    const pii = createPiiMask(client);
    const masked = pii.mask('Пишите на Anna.P@mail.ru или звоните +7 495 123-45-67, второй 8 (812) 555 00 11');
    expect(masked).toBe('Пишите на [EMAIL_1] или звоните [PHONE_2], второй [PHONE_3]');
    expect(pii.restore('Ответим на [EMAIL_1], [PHONE_3] и [PHONE_1].')).toBe(
      'Ответим на Anna.P@mail.ru, 8 (812) 555 00 11 и +79991234567.',
    );
  });

  it('leaves prices, times, dates and instants alone', () => {
    const pii = createPiiMask(client);
    const text =
      'Маникюр — от 1 500 до 2 500 ₽, 28.11.2026 15:00, 2026-11-28 15:00, 2026-11-28T15:00+10:00, запись №12345';
    expect(pii.mask(text)).toBe(text);
  });

  it('masks the client name and its case forms, not words that start like it', () => {
    const pii = createPiiMask(client);
    expect(pii.mask('Анна Петрова, передайте Анне и АННЕ; Аннотация к услуге')).toBe(
      '[CLIENT_NAME], передайте [CLIENT_NAME] и [CLIENT_NAME]; Аннотация к услуге',
    );
    expect(pii.mask('мастер Анна', false)).toBe('мастер Анна');
    expect(pii.restore('[CLIENT_NAME], ждём вас')).toBe('Анна Петрова, ждём вас');
  });

  it('leaves an unknown placeholder as it is', () => {
    expect(createPiiMask(client).restore('[PHONE_9]')).toBe('[PHONE_9]');
  });
});
