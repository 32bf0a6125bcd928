import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { SendoutStatus } from '@salon/contract/mailing-sendouts';
import { channelInstances } from '../../../channels/schema.js';
import type { Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { sendingSettingsSql } from '../../settings/repository.js';
import { sendouts } from '../schema.js';

export interface BranchSchedule {
  timeZone: string;
  // The sending window of system messages; null when the branch has none (the plan's default).
  sendFrom: string | null;
  sendTo: string | null;
}

// A send-out as the calendar needs it (its plan, and what the day detail shows).
export interface CalendarSendoutRow {
  id: string;
  status: SendoutStatus;
  text: string;
  count: number;
  batchLen: number;
  instanceId: string | null;
  planDays: unknown;
  visitsMedian: number | null;
  lastVisitTimeMedian: number | null;
}

// A number the branch can send from.
export interface SendingInstance {
  id: string;
  kind: string;
  phone: string | null;
  firstConnectedAt: Date | null;
  // The governor's count of what the number sent on `sentDay` (every source: reminders, tests, replies).
  sentDay: string | null;
  sentToday: number;
}

const DEFAULT_CHANNEL_ORDER = sql`'{whatsapp,telegram,sms}'::text[]`;

export class CalendarRepository {
  constructor(private readonly db: Db) {}

  async schedule(accId: number, db: Db = this.db): Promise<BranchSchedule | null> {
    const settings = sendingSettingsSql(sql`${branches.accId}`);
    const [row] = await db
      .select({ timeZone: branches.timeZone, sendFrom: settings.sendFrom, sendTo: settings.sendTo })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // The branch's send-outs in the given statuses, and finished ones that ended since `finishedSince`.
  async sendouts(
    accId: number,
    statuses: readonly SendoutStatus[],
    options: { finishedSince?: Date; exclude?: string; db?: Db } = {},
  ): Promise<CalendarSendoutRow[]> {
    const db = options.db ?? this.db;
    const wanted = or(
      inArray(sendouts.status, [...statuses]),
      options.finishedSince
        ? and(eq(sendouts.status, 'finished'), gte(sendouts.finishedAt, options.finishedSince))
        : sql`false`,
    );
    const rows = await db
      .select({
        id: sendouts.id,
        status: sendouts.status,
        text: sendouts.text,
        count: sendouts.count,
        batchLen: sendouts.batchLen,
        instanceId: sendouts.instanceId,
        planDays: sendouts.planDays,
        visitsMedian: sendouts.visitsMedian,
        lastVisitTimeMedian: sendouts.lastVisitTimeMedian,
      })
      .from(sendouts)
      .where(
        and(eq(sendouts.accId, accId), wanted, options.exclude ? sql`${sendouts.id} <> ${options.exclude}` : undefined),
      )
      .orderBy(sendouts.createdAt, sendouts.id);
    return rows.map((r) => ({ ...r, status: r.status as SendoutStatus }));
  }

  // The branch's authenticated numbers in its channel priority (system messages' order).
  async sendingInstances(accId: number, db: Db = this.db): Promise<SendingInstance[]> {
    const settings = sendingSettingsSql(sql`${channelInstances.accId}`);
    return db
      .select({
        id: channelInstances.id,
        kind: channelInstances.kind,
        phone: channelInstances.phone,
        firstConnectedAt: channelInstances.firstConnectedAt,
        sentDay: channelInstances.sentDay,
        sentToday: channelInstances.sentToday,
      })
      .from(channelInstances)
      .where(and(eq(channelInstances.accId, accId), eq(channelInstances.status, 'authenticated')))
      .orderBy(
        sql`coalesce(array_position(coalesce(${settings.channelOrder}, ${DEFAULT_CHANNEL_ORDER}), ${channelInstances.kind}), 99)`,
        channelInstances.id,
      );
  }

  // Whether an instance id is one of the branch's numbers (any status).
  async ownsInstance(accId: number, instanceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: channelInstances.id })
      .from(channelInstances)
      .where(and(eq(channelInstances.accId, accId), eq(channelInstances.id, instanceId)));
    return rows.length > 0;
  }
}
