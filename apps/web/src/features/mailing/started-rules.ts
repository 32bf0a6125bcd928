import type { ActionSendoutWire, SendoutStatus } from '@salon/contract/mailing-sendouts';

// /mailing/started_mailing (SPEC 3 listing, SPEC 4 states, SPEC 9 page sizes).

// SPEC 9: mailing tables show 5, 8 or 20 rows; mobile lists 3.
export const STARTED_PAGE_SIZES = [5, 8, 20] as const;
export const STARTED_DEFAULT_PAGE_SIZE = 8;
export const STARTED_MOBILE_PAGE_SIZE = 3;
// Ours: the spec gives no rate; the progress moves every few seconds while a send-out sends.
export const STARTED_POLL_MS = 10_000;

export function isPageSize(value: number): value is (typeof STARTED_PAGE_SIZES)[number] {
  return (STARTED_PAGE_SIZES as readonly number[]).includes(value);
}

export type SendoutAction = 'stop' | 'resume';

// SPEC 4: a planned or started send-out can be stopped (it pauses and keeps its place); a paused one
// resumes; a finished one is history.
export function sendoutAction(status: SendoutStatus): SendoutAction | null {
  if (status === 'started' || status === 'planned') return 'stop';
  if (status === 'paused') return 'resume';
  return null;
}

export const STATUS_COLORS: Record<SendoutStatus, string> = {
  draft: 'gray',
  planned: 'blue',
  started: 'teal',
  paused: 'yellow',
  finished: 'gray',
};

// The list is polled while something sends, or a planned start has come (it turns started soon).
export function shouldPoll(rows: readonly Pick<ActionSendoutWire, 'status' | 'date'>[], now: number): boolean {
  return rows.some((row) => row.status === 'started' || (row.status === 'planned' && Date.parse(row.date) <= now));
}

// The share sent, 0..100, as a whole percent for the bar's label.
export function processPercent(process: number): number {
  if (!Number.isFinite(process)) return 0;
  return Math.round(Math.min(100, Math.max(0, process)));
}

// The start of a message for the table: one line, cut on a word where one is near.
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
