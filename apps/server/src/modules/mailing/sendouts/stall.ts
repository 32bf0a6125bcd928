import type { SendingWindow } from '@salon/contract/mailing-plan-rules';
import { localDay } from '@salon/contract/zoned-time';
import { effectiveWindow, isInsideWindow, nextOpening, openingAtOrAfter } from '../plan/window.js';
import { SENDOUT_LOOKAHEAD_MS } from './sending.js';

// Why a started send-out sends nothing right now, and when it goes on (issue 12 "mailings tell the
// truth"): the daily limit (its own, or the number's cap used up by reminders, tests and replies),
// the branch's sending window, or no connected number.
export type StallReason = 'daily_limit' | 'sending_window' | 'number_disconnected';
export interface Stall {
  reason: StallReason;
  // When the next message goes; null when that depends on the owner (a number to reconnect).
  resumesAt: Date | null;
}

export interface StallFacts {
  now: Date;
  timeZone: string;
  window: SendingWindow | null;
  betweenTime: number;
  // The branch has an authenticated number.
  connected: boolean;
  // The number's daily cap is used up today.
  numberFull: boolean;
  // The send-out's next message: its earliest pending outbox row or not-yet-queued recipient; null
  // when nothing is left to send.
  nextAt: Date | null;
}

// Ours: a next message further away than this (or than two of the send-out's own gaps) is a wait
// worth explaining; anything sooner is the send-out moving at its pace.
const QUIET_MS = 5 * 60_000;

export function stallOf(f: StallFacts): Stall | null {
  if (!f.connected) return { reason: 'number_disconnected', resumesAt: null };
  if (!f.nextAt) return null;
  const window = effectiveWindow(f.window);
  if (f.numberFull) {
    // The cap counts per local day: the number is free again at the first opening of a later day.
    const current = openingAtOrAfter(f.now, window, f.timeZone);
    const tomorrow = current.day > localDay(f.now, f.timeZone) ? current : nextOpening(current, window, f.timeZone);
    const at = Math.max(tomorrow.open.getTime(), f.nextAt.getTime());
    return { reason: 'daily_limit', resumesAt: new Date(at) };
  }
  const wait = f.nextAt.getTime() - f.now.getTime();
  if (wait <= Math.max(QUIET_MS, 2 * f.betweenTime * 1000 + SENDOUT_LOOKAHEAD_MS)) return null;
  if (!isInsideWindow(f.now, window, f.timeZone)) return { reason: 'sending_window', resumesAt: f.nextAt };
  // The window is open, yet the next message is on a later day: today's share is sent.
  if (localDay(f.nextAt, f.timeZone) > localDay(f.now, f.timeZone))
    return { reason: 'daily_limit', resumesAt: f.nextAt };
  return null;
}
