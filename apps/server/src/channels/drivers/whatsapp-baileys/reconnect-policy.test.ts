import { describe, expect, it } from 'vitest';
import {
  PAUSE_WINDOW_MS,
  RECONNECT_MAX_MS,
  afterOpen,
  backoffDelayMs,
  decideAfterDrop,
  freshHistory,
  type ReconnectHistory,
} from './reconnect-policy.js';

const T0 = Date.parse('2026-03-01T10:00:00Z');

function drop(history: ReconnectHistory, statusCode: number | undefined, nowMs: number, random = 0.5) {
  return decideAfterDrop(history, { statusCode, awaitingScan: false, nowMs, random: () => random });
}

describe('reconnect policy', () => {
  it('restarts at once on 515 without counting it as a drop', () => {
    const { outcome, history } = drop(freshHistory, 515, T0);
    expect(outcome).toEqual({ action: 'restart' });
    expect(history).toBe(freshHistory);
  });

  it('never reconnects after logout, ban or a takeover by another client', () => {
    expect(drop(freshHistory, 401, T0).outcome).toEqual({ action: 'logged_out' });
    expect(drop(freshHistory, 403, T0).outcome).toEqual({ action: 'blocked' });
    expect(drop(freshHistory, 440, T0).outcome).toEqual({ action: 'replaced' });
  });

  it('treats 408 as an expired QR only while a scan was awaited', () => {
    const waiting = decideAfterDrop(freshHistory, { statusCode: 408, awaitingScan: true, nowMs: T0, random: () => 0 });
    expect(waiting.outcome).toEqual({ action: 'qr_expired' });
    expect(drop(freshHistory, 408, T0).outcome.action).toBe('backoff');
  });

  it('keeps every delay within full jitter of 1 s doubling up to 60 s', () => {
    const ceilings = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000];
    ceilings.forEach((ceiling, attempt) => {
      expect(backoffDelayMs(attempt, () => 0)).toBe(0);
      expect(backoffDelayMs(attempt, () => 0.5)).toBe(ceiling / 2);
      const top = backoffDelayMs(attempt, () => 0.999_999);
      expect(top).toBeLessThan(ceiling);
      expect(top).toBeGreaterThanOrEqual(ceiling - 1);
    });
    expect(backoffDelayMs(40, () => 0.999_999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });

  it('grows the delay with each drop and pauses at the fifth drop within 30 s', () => {
    let history = freshHistory;
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = drop(history, 428, T0 + i * 1_000);
      if (next.outcome.action !== 'backoff') throw new Error(`drop ${i + 1} should back off`);
      delays.push(next.outcome.delayMs);
      history = next.history;
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000]);
    expect(drop(history, 428, T0 + 4_000).outcome).toEqual({ action: 'pause' });
  });

  it('forgets drops older than the window', () => {
    let history = freshHistory;
    for (let i = 0; i < 4; i++) history = drop(history, 428, T0 + i * 1_000).history;
    // The first drop left the window; four remain counting this one.
    const later = drop(history, 428, T0 + PAUSE_WINDOW_MS);
    expect(later.outcome.action).toBe('backoff');
    expect(later.history.dropsAt).toHaveLength(4);
  });

  it('restarts the backoff after an open connection but still counts flapping drops', () => {
    let history = freshHistory;
    for (let i = 0; i < 4; i++) history = afterOpen(drop(history, 428, T0 + i * 1_000).history);
    expect(history.attempt).toBe(0);
    expect(drop(history, 428, T0 + 5_000).outcome).toEqual({ action: 'pause' });
    const first = drop(afterOpen(freshHistory), 428, T0);
    expect(first.outcome).toEqual({ action: 'backoff', delayMs: 500 });
  });
});
