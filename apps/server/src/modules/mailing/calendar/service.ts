import {
  CALENDAR_PAST_DAYS,
  START_HORIZON_MS,
  type AllowedToRunQuery,
  type AllowedToRunResponse,
  type CalendarDetailQuery,
  type CalendarDetailRow,
  type CalendarQuery,
  type CalendarResponse,
  type CalendarSendout,
} from '@salon/contract/mailing-plan';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import { allowedToRun, notAllowedDays } from '../plan/calendar.js';
import { calendarItem, dayDetail, inCalendar } from '../plan/calendar-wire.js';
import { shiftDay } from '../plan/window.js';
import type { CalendarSendoutRow } from './calendar-repository.js';
import type { CalendarContexts } from './context.js';
import { launchStart } from './launch-start.js';
import { busyDays } from './plan-days.js';

const DAY_MS = 86_400_000;

// The calendar's days: whole months, from the current one to the one the start horizon (SPEC 9:
// 60 days) ends in, so every day of a month the cabinet shows is judged (past and too-far days
// come back not allowed).
export function calendarRange(now: Date, timeZone: string): { fromDay: string; toDay: string } {
  const today = localDay(now, timeZone);
  const last = localDay(new Date(now.getTime() + START_HORIZON_MS), timeZone);
  const [y, m] = last.split('-').map(Number) as [number, number];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { fromDay: `${today.slice(0, 8)}01`, toDay: shiftDay(nextMonth, -1) };
}

// SPEC 7 /calendar, /calendar_detail and /allowed_to_run in the branch's calendar context.
export class CalendarService {
  constructor(
    private readonly contexts: CalendarContexts,
    private readonly clock: Clock,
  ) {}

  // Send-outs that still show: the busy ones and those finished within SPEC 9's 7 days.
  private shown(accId: number, now: Date, quoteForDay?: number) {
    return this.contexts.forBranch(accId, now, {
      quoteForDay: quoteForDay ?? null,
      finishedSince: new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS),
    });
  }

  async calendar(accId: number, query: CalendarQuery): Promise<CalendarResponse> {
    const now = this.clock.now();
    const branch = await this.shown(accId, now, query.quote_for_day);
    const { fromDay, toDay } = calendarRange(now, branch.plan.timeZone);
    const known = [query.batch_len, query.count].filter((n): n is number => n !== undefined);
    const notAllowed = notAllowedDays({
      fromDay,
      toDay,
      now,
      timeZone: branch.plan.timeZone,
      window: branch.plan.window ?? null,
      existing: branch.plan.existing,
      quoteForDay: query.quote_for_day,
      betweenTime: query.between_time,
      ...(known.length > 0 ? { candidateDaily: Math.min(...known) } : {}),
      // The new send-out would send from the branch's first number.
      instanceId: branch.instances[0]?.id ?? null,
    });
    const list = branch.sendouts
      .map((row) => listed(row, now))
      .filter((item): item is CalendarSendout => item !== null)
      .sort((a, b) => a.start_date.localeCompare(b.start_date));
    return { not_allowed: notAllowed, sendout_list: list };
  }

  async detail(accId: number, query: CalendarDetailQuery): Promise<CalendarDetailRow[]> {
    const now = this.clock.now();
    const branch = await this.shown(accId, now);
    return dayDetail(
      query.date,
      branch.sendouts.map((row) => ({
        sendoutId: row.id,
        msg: row.text,
        visitsMedian: row.visitsMedian,
        lastVisitTimeMedian: row.lastVisitTimeMedian,
        days: busyDays(row.planDays),
      })),
    );
  }

  async allowedToRun(accId: number, query: AllowedToRunQuery): Promise<AllowedToRunResponse> {
    const now = this.clock.now();
    const read = await this.contexts.forBranch(accId, now);
    // The number's daily quota, as the parse answer and the start judge it.
    const branch = { ...read, plan: { ...read.plan, quoteForDay: read.dailyQuota } };
    // An id that is not one of the branch's numbers is taken as unknown: it then shares every number.
    const instanceId = (await this.contexts.ownsInstance(accId, query.instance_id)) ? query.instance_id : null;
    const start = launchStart(query.delay, new Date(query.date), now);
    return allowedToRun(
      {
        count: query.count,
        batchLen: query.batch_len,
        betweenTime: query.between_time,
        instanceId,
        start,
        delay: query.delay,
      },
      branch.plan,
    ).answer;
  }
}

function listed(row: CalendarSendoutRow, now: Date): CalendarSendout | null {
  const days = busyDays(row.planDays);
  if (!inCalendar(days, now)) return null;
  return calendarItem({
    sendoutId: row.id,
    count: row.count,
    batchLen: row.batchLen,
    days,
    isNew: false,
    isActive: row.status === 'started',
  });
}
