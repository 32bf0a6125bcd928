// SPEC 9 "Connect time-outs 60000, 20000, 2000 and 160000 ms; polling counts 2 and 50".
// WhatsApp's first QR lives 60 s and each next one 20 s; the page takes the first QR and 2 new
// ones, polling the status every 2 s, at most 50 times: 60 + 2 × 20 = 100 s = 50 × 2 s. It waits
// at least 60 s and at most 100 s for a scan.
export const FIRST_QR_MS = 60_000;
export const NEXT_QR_MS = 20_000;
export const STATUS_POLL_MS = 2_000;
export const PAIRING_CODE_MS = 160_000;
export const MAX_QR_REFRESHES = 2;
export const MAX_STATUS_POLLS = 50;
// A pairing code is watched for its whole life.
export const PAIRING_POLLS = Math.ceil(PAIRING_CODE_MS / STATUS_POLL_MS);

// A new QR is asked for this long before the old one expires; if the server still hands out the
// old one, once more just after it expired; never twice within the minimum gap.
export const REFRESH_LEAD_MS = 2_000;
export const LATE_RETRY_MS = 300;
export const MIN_REQUEST_GAP_MS = 2_000;

// A server time farther away than this is taken for clock skew and replaced by the default life.
const MAX_TRUSTED_LIFE_MS = 5 * 60_000;

// When something the server gave (QR, pairing code) stops being valid, on the browser's clock.
export function expiryOf(expiresAtIso: string | null, receivedAt: number, defaultLifeMs: number): number {
  const fallback = receivedAt + defaultLifeMs;
  if (expiresAtIso === null) return fallback;
  const at = Date.parse(expiresAtIso);
  if (!Number.isFinite(at)) return fallback;
  const life = at - receivedAt;
  return life > 0 && life <= MAX_TRUSTED_LIFE_MS ? at : fallback;
}

export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

// "m:ss" for a countdown.
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function nextRefreshAt(expiresAt: number, lastRequestAt: number): number {
  const early = expiresAt - REFRESH_LEAD_MS;
  const planned = lastRequestAt < early ? early : expiresAt + LATE_RETRY_MS;
  return Math.max(planned, lastRequestAt + MIN_REQUEST_GAP_MS);
}

export interface QrWait {
  now: number;
  // When the page asked for the first QR of this wait.
  startedAt: number;
  expiresAt: number;
  lastRequestAt: number;
  // New QRs received after the first one.
  newQrs: number;
  // Status polls made in this wait.
  polls: number;
}

export type QrDecision = 'wait' | 'refresh' | 'giveUp';

// The last QR of a wait: the two new ones are used up and the page has waited at least the first
// QR's life (a QR the server still had from before may have had less left).
function isLastQr(wait: Omit<QrWait, 'now' | 'polls'>): boolean {
  return wait.newQrs >= MAX_QR_REFRESHES && wait.expiresAt - wait.startedAt >= FIRST_QR_MS;
}

export function qrDecision(wait: QrWait): QrDecision {
  if (wait.polls >= MAX_STATUS_POLLS) return 'giveUp';
  if (isLastQr(wait)) return wait.now >= wait.expiresAt ? 'giveUp' : 'wait';
  return wait.now >= nextRefreshAt(wait.expiresAt, wait.lastRequestAt) ? 'refresh' : 'wait';
}

// When qrDecision may next change its answer (the page sets one timer for it).
export function nextQrCheckAt(wait: Omit<QrWait, 'now' | 'polls'>): number {
  return isLastQr(wait) ? wait.expiresAt : nextRefreshAt(wait.expiresAt, wait.lastRequestAt);
}

// "ABCD2345" → ["ABCD", "2345"]: the 8-character pairing code in two groups of four.
export function pairingCodeGroups(code: string): string[] {
  const clean = code.replace(/[^0-9a-z]/gi, '').toUpperCase();
  const groups: string[] = [];
  for (let i = 0; i < clean.length; i += 4) groups.push(clean.slice(i, i + 4));
  return groups;
}

// After a code was asked for, another phone must wait for the code's life to end (SPEC 4).
export function tooSoonSecondsLeft(requestedAt: number | null, now: number): number | null {
  if (requestedAt === null) return null;
  const left = secondsLeft(requestedAt + PAIRING_CODE_MS, now);
  return left > 0 ? left : null;
}
