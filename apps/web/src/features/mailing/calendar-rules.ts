import type { CalendarSendout } from '@salon/contract/mailing-plan';
import { daysBetween, shiftDay, zonedDay } from './mailing-time-rules';

// The launch step's calendar (SPEC 3 Calendar sendout, SPEC 5 "the start must not cross an existing
// sendout", SPEC 7 /calendar): a month of the branch's days, days a new send-out may not start on
// disabled, the days existing send-outs send on marked with their counts.

const pad = (n: number) => String(n).padStart(2, '0');

// 'YYYY-MM'
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

// The month's weeks, Monday first (the Russian calendar), with null before the 1st and after the last.
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= length; day += 1) cells.push(`${month}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export interface BusyDay {
  // Messages planned that day across the branch's send-outs (as the calendar can tell).
  count: number;
  sendouts: number;
}

// Which branch days existing send-outs send on, and how many messages: the daily limit on each day
// and the remainder on the last (SPEC 3 day_sendout_limit, remainder). The exact rows of a day come
// from /calendar_detail when it is clicked.
export function busyDays(list: readonly CalendarSendout[], timeZone: string): Map<string, BusyDay> {
  const days = new Map<string, BusyDay>();
  for (const sendout of list) {
    if (sendout.is_new) continue;
    const start = Date.parse(sendout.start_date);
    const end = Date.parse(sendout.end_date);
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    const first = zonedDay(start, timeZone);
    // The end is exclusive: a send-out ending at midnight does not send on the next day.
    const last = zonedDay(Math.max(start, end - 1), timeZone);
    const span = daysBetween(first, last) + 1;
    let left = sendout.total_count;
    for (let i = 0; i < span; i += 1) {
      const isLast = i === span - 1;
      const share = isLast && sendout.remainder > 0 ? sendout.remainder : sendout.day_sendout_limit;
      const count = Math.min(share, left);
      left -= count;
      const day = shiftDay(first, i);
      const current = days.get(day) ?? { count: 0, sendouts: 0 };
      days.set(day, { count: current.count + count, sendouts: current.sendouts + 1 });
    }
  }
  return days;
}

// The days the new send-out would send on from its start day (SPEC 3 send_days).
export function newSendoutDays(startDay: string | null, sendDays: number): Set<string> {
  const days = new Set<string>();
  if (startDay === null) return days;
  for (let i = 0; i < Math.max(1, sendDays); i += 1) days.add(shiftDay(startDay, i));
  return days;
}

export type DayBlock = 'past' | 'notAllowed' | 'tooFar';

export interface DayContext {
  today: string;
  lastDay: string;
  notAllowed: ReadonlySet<string>;
}

// Why a day cannot be picked as the start day; null when it can.
export function dayBlock(day: string, ctx: DayContext): DayBlock | null {
  if (day < ctx.today) return 'past';
  if (day > ctx.lastDay) return 'tooFar';
  if (ctx.notAllowed.has(day)) return 'notAllowed';
  return null;
}

// The months the calendar may show: from this month to the horizon's last.
export function monthBounds(ctx: Pick<DayContext, 'today' | 'lastDay'>): { first: string; last: string } {
  return { first: monthOf(ctx.today), last: monthOf(ctx.lastDay) };
}
