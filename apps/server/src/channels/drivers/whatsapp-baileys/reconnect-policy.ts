import { DisconnectReason } from '@whiskeysockets/baileys';

// What to do after a Baileys socket closes. Pure: the session feeds it the close code, the clock and a
// random source, and keeps the returned history. Peers that reconnect in a tight loop get their numbers
// flagged, hence the exponential backoff with jitter and the pause after a burst of drops.

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;
export const PAUSE_AFTER_DROPS = 5;
export const PAUSE_WINDOW_MS = 30_000;

export interface ReconnectHistory {
  // Drops since the last open connection: the exponent of the backoff.
  readonly attempt: number;
  // When recent drops happened (epoch ms). An open connection does not clear it, so a link that opens
  // and falls again every few seconds still pauses.
  readonly dropsAt: readonly number[];
}

export const freshHistory: ReconnectHistory = { attempt: 0, dropsAt: [] };

export type DropOutcome =
  // 515 right after a scan or pairing: WhatsApp asks for a new connection with the new credentials.
  | { action: 'restart' }
  // 401: the phone removed this device; the credentials are dead and only a new login helps.
  | { action: 'logged_out' }
  // 403: the account is banned or restricted; reconnecting only makes it worse.
  | { action: 'blocked' }
  // 440: another client (another worker that took the session over) connected with these credentials;
  // reconnecting would kick it off and the two would fight forever.
  | { action: 'replaced' }
  // 408 while a QR or pairing code was waiting for the phone: its refs ran out (~160 s). Reconnecting
  // would show QRs forever to nobody; the next login() starts again.
  | { action: 'qr_expired' }
  | { action: 'backoff'; delayMs: number }
  | { action: 'pause' };

export interface DropInput {
  statusCode: number | undefined;
  awaitingScan: boolean;
  nowMs: number;
  random: () => number;
}

export function decideAfterDrop(
  history: ReconnectHistory,
  input: DropInput,
): { outcome: DropOutcome; history: ReconnectHistory } {
  switch (input.statusCode) {
    case DisconnectReason.restartRequired:
      return { outcome: { action: 'restart' }, history };
    case DisconnectReason.loggedOut:
      return { outcome: { action: 'logged_out' }, history };
    case DisconnectReason.forbidden:
      return { outcome: { action: 'blocked' }, history };
    case DisconnectReason.connectionReplaced:
      return { outcome: { action: 'replaced' }, history };
    case DisconnectReason.timedOut:
      if (input.awaitingScan) return { outcome: { action: 'qr_expired' }, history };
      break;
  }
  const dropsAt = [...history.dropsAt.filter((at) => input.nowMs - at < PAUSE_WINDOW_MS), input.nowMs];
  if (dropsAt.length >= PAUSE_AFTER_DROPS) {
    return { outcome: { action: 'pause' }, history: { attempt: history.attempt + 1, dropsAt } };
  }
  return {
    outcome: { action: 'backoff', delayMs: backoffDelayMs(history.attempt, input.random) },
    history: { attempt: history.attempt + 1, dropsAt },
  };
}

// A connection that opened proves the network works again: the next drop starts from the base delay.
export function afterOpen(history: ReconnectHistory): ReconnectHistory {
  return { attempt: 0, dropsAt: history.dropsAt };
}

// "Full jitter": uniform in [0, min(max, base·2^attempt)], so many sessions dropped by one network blip
// do not come back in lockstep.
export function backoffDelayMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}
