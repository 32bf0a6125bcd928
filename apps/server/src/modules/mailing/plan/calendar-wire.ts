import { CALENDAR_PAST_DAYS, sendoutRemainder } from '@salon/contract/mailing-plan-rules';
import type { CalendarDetailRow, CalendarSendout } from '@salon/contract/mailing-plan';
import type { BusyDay } from './calendar.js';

// Planned send-outs as the calendar's wire shows them (SPEC 3 Calendar sendout, Day detail).

export interface CalendarSource {
  sendoutId: string;
  count: number;
  batchLen: number;
  days: readonly BusyDay[];
  // The send-out the cabinet is building, not yet started (SPEC 4 "builds the new-sendout entry").
  isNew: boolean;
  // Ours: active means sending now (status started); planned and paused ones are not active.
  isActive: boolean;
}

// One sendout_list item, or null for a send-out with nothing planned.
export function calendarItem(s: CalendarSource): CalendarSendout | null {
  const first = s.days[0];
  const last = s.days.at(-1);
  if (!first || !last) return null;
  return {
    start_date: first.from.toISOString(),
    end_date: last.to.toISOString(),
    duration: Math.ceil((last.to.getTime() - first.from.getTime()) / 1000),
    is_new: s.isNew,
    sendout_id: s.sendoutId,
    is_active_sendout: s.isActive,
    // SPEC 9: a sendout's daily limit is the parsed batch length; the remainder is the last day's share.
    day_sendout_limit: s.batchLen,
    total_count: s.count,
    remainder: sendoutRemainder(s.count, s.batchLen),
  };
}

// SPEC 9's 7 days (ours): the calendar keeps a send-out until a week after its end.
export function inCalendar(days: readonly BusyDay[], now: Date): boolean {
  const last = days.at(-1);
  return !!last && last.to.getTime() >= now.getTime() - CALENDAR_PAST_DAYS * 86_400_000;
}

export interface DetailSource {
  sendoutId: string;
  msg: string;
  visitsMedian: number | null;
  lastVisitTimeMedian: number | null;
  days: readonly BusyDay[];
}

// SPEC 7 /calendar_detail: the send-outs sending on a branch-local sending day, earliest first.
export function dayDetail(day: string, sources: readonly DetailSource[]): CalendarDetailRow[] {
  const rows: { at: number; row: CalendarDetailRow }[] = [];
  for (const s of sources) {
    const d = s.days.find((x) => x.day === day);
    if (!d) continue;
    rows.push({
      at: d.from.getTime(),
      row: {
        sendout_id: s.sendoutId,
        msg: s.msg,
        time_start: d.from.toISOString(),
        batch_len: d.count,
        visits_median: s.visitsMedian,
        last_visit_time_median: s.lastVisitTimeMedian,
      },
    });
  }
  return rows.sort((a, b) => a.at - b.at).map((r) => r.row);
}
