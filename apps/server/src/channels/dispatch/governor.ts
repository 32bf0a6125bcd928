import type { ChannelKind } from '../channel.js';

// Pacing per number, from what gets numbers flagged (INTEGRATIONS.md): random 30–60 s gaps on
// WhatsApp, a daily cap that grows with the account's age, and a pause on bursts of errors.
export interface PacingProfile {
  minGapMs: number;
  maxGapMs: number;
  // Daily cap by account age: the first entry whose `days` the age is below applies.
  warmUp: { days: number; cap: number }[];
  // This many failures within the window pause the number for `pauseMs`.
  failureBurst: number;
  pauseMs: number;
}

const DAY = 86_400_000;

export const PACING: Record<ChannelKind, PacingProfile> = {
  whatsapp: {
    minGapMs: 30_000,
    maxGapMs: 60_000,
    warmUp: [
      { days: 3, cap: 20 },
      { days: 7, cap: 50 },
      { days: 14, cap: 150 },
      { days: 30, cap: 400 },
      { days: Infinity, cap: 1000 },
    ],
    failureBurst: 5,
    pauseMs: 15 * 60_000,
  },
  telegram: {
    minGapMs: 5_000,
    maxGapMs: 15_000,
    warmUp: [
      { days: 3, cap: 30 },
      { days: 14, cap: 100 },
      { days: Infinity, cap: 300 },
    ],
    failureBurst: 5,
    pauseMs: 15 * 60_000,
  },
  // The salon's bots write only to people who opted in: no warm-up, no cold-contact risk. Telegram
  // allows ~30 messages/s per bot (INTEGRATIONS.md), MAX 30 requests/s; a 40–80 ms gap stays under both.
  tg_bot: {
    minGapMs: 40,
    maxGapMs: 80,
    warmUp: [{ days: Infinity, cap: 100_000 }],
    failureBurst: 20,
    pauseMs: 60_000,
  },
  max: {
    minGapMs: 40,
    maxGapMs: 80,
    warmUp: [{ days: Infinity, cap: 100_000 }],
    failureBurst: 20,
    pauseMs: 60_000,
  },
  sms: {
    minGapMs: 0,
    maxGapMs: 500,
    warmUp: [{ days: Infinity, cap: 100_000 }],
    failureBurst: 20,
    pauseMs: 5 * 60_000,
  },
};

// For tests and benchmarks: no gaps, no caps.
export const NO_PACING: PacingProfile = {
  minGapMs: 0,
  maxGapMs: 0,
  warmUp: [{ days: Infinity, cap: 2_000_000_000 }],
  failureBurst: 1_000_000,
  pauseMs: 60_000,
};

export function dailyCap(profile: PacingProfile, firstConnectedAt: Date | null, now: Date): number {
  const ageDays = firstConnectedAt ? (now.getTime() - firstConnectedAt.getTime()) / DAY : 0;
  return (profile.warmUp.find((w) => ageDays < w.days) ?? profile.warmUp[profile.warmUp.length - 1]!).cap;
}

export function nextGapMs(profile: PacingProfile, random: () => number = Math.random): number {
  return Math.round(profile.minGapMs + (profile.maxGapMs - profile.minGapMs) * random());
}
