import type { SendingWindow } from '@salon/contract/mailing-plan-rules';
import type { SendoutStatus } from '@salon/contract/mailing-sendouts';
import { localDay } from '@salon/contract/zoned-time';
import type { ChannelKind } from '../../../channels/channel.js';
import { dailyCap, PACING, type PacingProfile } from '../../../channels/dispatch/governor.js';
import type { Db } from '../../../platform/db/client.js';
import { errors } from '../../../platform/http/errors.js';
import type { PlanContext, PlannedSendout } from '../plan/calendar.js';
import type { CalendarRepository, CalendarSendoutRow, SendingInstance } from './calendar-repository.js';
import { busyDays } from './plan-days.js';

// Send-outs that hold their place in the calendar: a new one may not cross them (SPEC 5).
export const BUSY_STATUSES: readonly SendoutStatus[] = ['planned', 'started', 'paused'];

export interface BranchCalendar {
  // What the planner judges a new (or resumed) send-out against.
  plan: PlanContext;
  // The busy send-outs (and finished ones when asked for), as read.
  sendouts: CalendarSendoutRow[];
  // The branch's authenticated numbers in channel priority; a new send-out uses the first.
  instances: SendingInstance[];
  // The day's quota (quote_for_day) of the number a new send-out uses: the governor's daily cap for
  // its age, so the calendar never plans more in a day than the dispatcher will let out.
  dailyQuota: number;
}

// What the number may still send today: its daily cap less what it already sent today (reminders,
// test messages, replies and other send-outs all count); null without a connected number.
export function numberRoomToday(
  instance: SendingInstance | null,
  quota: number,
  now: Date,
  timeZone: string,
): { day: string; room: number } | null {
  if (!instance) return null;
  const day = localDay(now, timeZone);
  const used = instance.sentDay === day ? instance.sentToday : 0;
  return { day, room: Math.max(0, quota - used) };
}

// Ours: the daily quota of a branch with no connected number (nothing caps it yet).
export const DEFAULT_DAILY_LIMIT = 500;

// The governor's daily cap of the number for its age (a new WhatsApp number warms up).
export function numberQuota(
  instance: SendingInstance | null,
  now: Date,
  pacing: (kind: ChannelKind) => PacingProfile,
): number {
  return instance
    ? dailyCap(pacing(instance.kind as ChannelKind), instance.firstConnectedAt, now)
    : DEFAULT_DAILY_LIMIT;
}

export interface BranchCalendarOptions {
  // quote_for_day of the calendar request; none means no quota is checked.
  quoteForDay?: number | null;
  // The send-out being judged, left out of the others.
  exclude?: string;
  // Also list finished send-outs that ended since then (the calendar shows them a while).
  finishedSince?: Date;
  // A transaction to read in (the start reads the calendar under its lock).
  db?: Db;
}

function windowOf(sendFrom: string | null, sendTo: string | null): SendingWindow | null {
  return sendFrom && sendTo ? { from: sendFrom, to: sendTo } : null;
}

// The branch's calendar context, the one every planning decision of the mailing host uses: the
// branch's IANA zone, its sending window (sending_settings; none → the plan's default), the other
// send-outs' planned days with their numbers, and the quota when one was given.
export class CalendarContexts {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly pacing: (kind: ChannelKind) => PacingProfile = (kind) => PACING[kind],
  ) {}

  async forBranch(accId: number, now: Date, options: BranchCalendarOptions = {}): Promise<BranchCalendar> {
    const schedule = await this.repo.schedule(accId, options.db);
    if (!schedule) throw errors.accountsNotFound();
    const rows = await this.repo.sendouts(accId, BUSY_STATUSES, options);
    const instances = await this.repo.sendingInstances(accId, options.db);
    const existing: PlannedSendout[] = rows
      .filter((r) => BUSY_STATUSES.includes(r.status))
      .map((r) => ({ sendoutId: r.id, instanceId: r.instanceId, days: busyDays(r.planDays) }));
    const dailyQuota = numberQuota(instances[0] ?? null, now, this.pacing);
    return {
      plan: {
        now,
        timeZone: schedule.timeZone,
        window: windowOf(schedule.sendFrom, schedule.sendTo),
        existing,
        quoteForDay: options.quoteForDay ?? null,
        numberToday: numberRoomToday(instances[0] ?? null, dailyQuota, now, schedule.timeZone),
      },
      sendouts: rows,
      instances,
      dailyQuota,
    };
  }

  // Whether the id names one of the branch's numbers.
  ownsInstance(accId: number, instanceId: string): Promise<boolean> {
    return this.repo.ownsInstance(accId, instanceId);
  }
}
