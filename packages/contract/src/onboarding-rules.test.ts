import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_STATUS as S,
  UTC_OFFSETS,
  fromMoscowOffset,
  sendOutFormProblem,
  sendOutFormProblems,
  toMoscowOffset,
  utcOffsetLabel,
  zoneOfUtcOffset,
  type SendOutFormInput,
} from './onboarding-rules.js';

const good: SendOutFormInput = {
  ownerPhone: '79991234567',
  salonPhone: '79997654321',
  waAge: 'over_year',
  timeToMsk: 0,
  telegramId: '123456789',
  mandatoryAgreement: true,
};

describe('send-out form rules', () => {
  it('passes a complete form', () => {
    expect(sendOutFormProblem(good)).toBeNull();
    expect(sendOutFormProblems(good)).toEqual([]);
  });

  // SPEC 5: each check in its order, each with its own status.
  it.each([
    [{ ownerPhone: '' }, S.ownerPhoneEmpty],
    [{ ownerPhone: '7999' }, S.ownerPhoneInvalid],
    [{ salonPhone: ' ' }, S.salonPhoneEmpty],
    [{ salonPhone: '89' }, S.salonPhoneInvalid],
    [{ waAge: null }, S.waAgeEmpty],
    [{ waAge: 'ages' }, S.waAgeInvalid],
    [{ timeToMsk: null }, S.timeZoneEmpty],
    [{ timeToMsk: 12 }, S.timeZoneInvalid],
    [{ timeToMsk: -16 }, S.timeZoneInvalid],
    [{ telegramId: '' }, S.telegramIdEmpty],
    [{ telegramId: '012345' }, S.telegramIdInvalid],
    [{ telegramId: '1234' }, S.telegramIdInvalid],
    [{ mandatoryAgreement: false }, S.agreementRequired],
  ] as const)('%j → %s', (change, status) => {
    expect(sendOutFormProblem({ ...good, ...change })?.problem).toBe(status);
  });

  it('reports the earliest rule first and every field once', () => {
    const all = sendOutFormProblems({
      ownerPhone: '1',
      salonPhone: '',
      waAge: null,
      timeToMsk: null,
      telegramId: '',
      mandatoryAgreement: false,
    });
    expect(all.map((p) => p.problem)).toEqual([
      S.ownerPhoneInvalid,
      S.salonPhoneEmpty,
      S.waAgeEmpty,
      S.timeZoneEmpty,
      S.telegramIdEmpty,
      S.agreementRequired,
    ]);
    expect(sendOutFormProblem({ ...good, salonPhone: '', telegramId: '' })?.field).toBe('salonPhone');
  });
});

describe('time zones (SPEC 9)', () => {
  it('lists UTC−12 … UTC+14 and sends the offset to Moscow', () => {
    expect(UTC_OFFSETS[0]).toBe(-12);
    expect(UTC_OFFSETS.at(-1)).toBe(14);
    expect(UTC_OFFSETS).toHaveLength(27);
    expect(toMoscowOffset(3)).toBe(0);
    expect(toMoscowOffset(-12)).toBe(-15);
    expect(fromMoscowOffset(11)).toBe(14);
    expect(utcOffsetLabel(-5)).toBe('UTC−5:00');
    expect(utcOffsetLabel(0)).toBe('UTC+0:00');
  });

  it('gives every offset a zone that keeps that offset', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    for (const offset of UTC_OFFSETS) {
      const zone = zoneOfUtcOffset(offset);
      const shown = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value;
      // ICU writes UTC itself as plain 'GMT' in some versions.
      const name = shown === 'GMT' ? 'GMT+00:00' : shown;
      const expected = `GMT${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`;
      expect([zone, name]).toEqual([zone, expected]);
    }
    expect(zoneOfUtcOffset(3)).toBe('Europe/Moscow');
    expect(zoneOfUtcOffset(-5)).toBe('Etc/GMT+5');
  });
});
