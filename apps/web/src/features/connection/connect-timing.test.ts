import { describe, expect, it } from 'vitest';
import {
  FIRST_QR_MS,
  MAX_STATUS_POLLS,
  NEXT_QR_MS,
  PAIRING_CODE_MS,
  PAIRING_POLLS,
  STATUS_POLL_MS,
  expiryOf,
  formatCountdown,
  nextQrCheckAt,
  nextRefreshAt,
  pairingCodeGroups,
  qrDecision,
  secondsLeft,
  tooSoonSecondsLeft,
} from './connect-timing';

const T0 = Date.parse('2025-03-01T12:00:00Z');

describe('connect time-outs (SPEC 9)', () => {
  it('keep the spec figures and add up', () => {
    expect([FIRST_QR_MS, NEXT_QR_MS, STATUS_POLL_MS, PAIRING_CODE_MS]).toEqual([60_000, 20_000, 2_000, 160_000]);
    expect(FIRST_QR_MS + 2 * NEXT_QR_MS).toBe(MAX_STATUS_POLLS * STATUS_POLL_MS);
    expect(PAIRING_POLLS).toBe(80);
  });
});

describe('expiryOf', () => {
  it('trusts the server time when it is plausible', () => {
    expect(expiryOf(new Date(T0 + 60_000).toISOString(), T0, FIRST_QR_MS)).toBe(T0 + 60_000);
    expect(expiryOf(new Date(T0 + 17_000).toISOString(), T0, NEXT_QR_MS)).toBe(T0 + 17_000);
  });

  it('falls back to the default life when it is missing, past or far off', () => {
    expect(expiryOf(null, T0, FIRST_QR_MS)).toBe(T0 + FIRST_QR_MS);
    expect(expiryOf('garbage', T0, NEXT_QR_MS)).toBe(T0 + NEXT_QR_MS);
    expect(expiryOf(new Date(T0 - 1).toISOString(), T0, NEXT_QR_MS)).toBe(T0 + NEXT_QR_MS);
    expect(expiryOf(new Date(T0 + 3_600_000).toISOString(), T0, PAIRING_CODE_MS)).toBe(T0 + PAIRING_CODE_MS);
  });
});

describe('countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(T0 + 60_000, T0)).toBe(60);
    expect(secondsLeft(T0 + 59_001, T0)).toBe(60);
    expect(secondsLeft(T0 + 500, T0)).toBe(1);
    expect(secondsLeft(T0, T0 + 5_000)).toBe(0);
    expect(formatCountdown(160)).toBe('2:40');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('QR refresh', () => {
  const expiresAt = T0 + FIRST_QR_MS;
  const first = { startedAt: T0, expiresAt, lastRequestAt: T0, newQrs: 0 };

  it('asks for the next QR shortly before the current one expires', () => {
    expect(nextRefreshAt(expiresAt, T0)).toBe(expiresAt - 2_000);
    expect(qrDecision({ ...first, now: T0 + 30_000, polls: 10 })).toBe('wait');
    expect(qrDecision({ ...first, now: expiresAt - 2_000, polls: 10 })).toBe('refresh');
    expect(nextQrCheckAt(first)).toBe(expiresAt - 2_000);
  });

  it('tries once more just after expiry when the early ask returned the same QR', () => {
    const wait = { ...first, lastRequestAt: expiresAt - 2_000 };
    expect(nextRefreshAt(expiresAt, wait.lastRequestAt)).toBe(expiresAt + 300);
    expect(qrDecision({ ...wait, now: expiresAt + 100, polls: 29 })).toBe('wait');
    expect(qrDecision({ ...wait, now: expiresAt + 300, polls: 29 })).toBe('refresh');
  });

  it('never asks twice within two seconds, even for a stale answer', () => {
    const lastRequestAt = expiresAt + 5_000;
    expect(nextRefreshAt(expiresAt, lastRequestAt)).toBe(lastRequestAt + 2_000);
  });

  it('gives up when the second new QR expires: 60 + 20 + 20 s', () => {
    const third = { startedAt: T0, expiresAt: T0 + 100_000, lastRequestAt: T0 + 80_000, newQrs: 2 };
    expect(qrDecision({ ...third, now: T0 + 99_000, polls: 49 })).toBe('wait');
    expect(qrDecision({ ...third, now: T0 + 100_000, polls: 49 })).toBe('giveUp');
    expect(nextQrCheckAt(third)).toBe(T0 + 100_000);
  });

  it('waits at least 60 s when the first QR was an older one with less time left', () => {
    // The server still had a QR with 19 s left: 19 + 20 + 20 = 59 s is not enough, one more QR.
    const short = { startedAt: T0, expiresAt: T0 + 59_000, lastRequestAt: T0 + 39_000, newQrs: 2 };
    expect(nextQrCheckAt(short)).toBe(T0 + 57_000);
    expect(qrDecision({ ...short, now: T0 + 57_000, polls: 28 })).toBe('refresh');
    const fourth = { startedAt: T0, expiresAt: T0 + 79_000, lastRequestAt: T0 + 57_000, newQrs: 3 };
    expect(qrDecision({ ...fourth, now: T0 + 79_000, polls: 39 })).toBe('giveUp');
  });

  it('gives up after fifty polls whatever the QR', () => {
    expect(qrDecision({ ...first, now: T0 + 1_000, polls: 50 })).toBe('giveUp');
  });
});

describe('pairing code', () => {
  it('groups the 8 characters 4-4', () => {
    expect(pairingCodeGroups('ABCD2345')).toEqual(['ABCD', '2345']);
    expect(pairingCodeGroups('abcd-2345')).toEqual(['ABCD', '2345']);
  });

  it('says how long until another phone may ask', () => {
    expect(tooSoonSecondsLeft(null, T0)).toBeNull();
    expect(tooSoonSecondsLeft(T0, T0 + 40_000)).toBe(120);
    expect(tooSoonSecondsLeft(T0, T0 + PAIRING_CODE_MS)).toBeNull();
  });
});
