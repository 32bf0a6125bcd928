import { statsRowFromWire, type MailingStatsRow, type MailingStatsRowWire } from '@salon/contract/mailing-stats';
import type { SendoutStallWire, SendoutStatus } from '@salon/contract/mailing-sendouts';
import { excerpt, formatDayTime } from './stats-format';

// A table row: SPEC 3's client names plus where the send-out is and why a started one waits (ours).
export type StatsRow = MailingStatsRow & { status: SendoutStatus; stall: SendoutStallWire | null };

export function statsRowsOf(wire: readonly MailingStatsRowWire[]): StatsRow[] {
  return wire.map((row) => ({ ...statsRowFromWire(row), status: row.status, stall: row.stall }));
}

// The detail page of one send-out, with the branch kept in the link.
export function detailHref(sendoutId: string, accId: number | null): string {
  const params = new URLSearchParams({ sendout_id: sendoutId });
  if (accId !== null) params.set('accId', String(accId));
  return `/mailing/statistics?${params.toString()}`;
}

// How a send-out is named in the detail page's choice: its start and the start of its text.
export function sendoutLabel(row: Pick<MailingStatsRow, 'date' | 'time' | 'text'>, language: string): string {
  return `${formatDayTime(row.date, row.time, language)} · ${excerpt(row.text, 60) || '—'}`;
}

// The label travels with a link from the table (history state), so the detail page names a
// send-out older than the choices it offers.
export interface DetailLinkState {
  sendoutLabel: string;
}

export function labelFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('sendoutLabel' in state)) return null;
  return typeof state.sendoutLabel === 'string' ? state.sendoutLabel : null;
}
