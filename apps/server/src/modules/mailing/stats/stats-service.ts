import {
  detailStatusOf,
  MAILING_STATS_STATUS,
  matchesDetailFilters,
  matchesReaction,
  normalizeStatsQuery,
  statsPercent,
  statsRatio,
  type DetailFilters,
  type MailingStatsDetailColumns,
  type MailingStatsDetailExcelBody,
  type MailingStatsDetailQuery,
  type MailingStatsQuery,
  type MailingStatsResponse,
  type MailingStatsRowWire,
  type RawStatsQuery,
  type ReactionFilter,
  ALL_SEGMENT_FILTER,
  ALL_STATUS_FILTER,
} from '@salon/contract/mailing-stats';
import type { SendoutStallWire, SendoutStatus } from '@salon/contract/mailing-sendouts';
import { isOwner } from '@salon/contract/rights';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { type StallSource, stallWire } from '../service.js';
import type { SendoutAttribution } from './attribution.js';
import { detailWorkbook, statsWorkbook, type DetailSheetRow } from './excel.js';
import { localInstant } from './local-instant.js';
import type { DetailRecipientRow, MailingStatsRepository, StatsFilter, StatsSendoutRow } from './stats-repository.js';

export interface MailingStatsDeps {
  repo: MailingStatsRepository;
  attribution: SendoutAttribution;
  bot: AdminBotFiles;
  clock: Clock;
  logger: Logger;
  // Why started send-outs wait (sendouts/stalls.ts), the same judgement as the started list's.
  stalls?: StallSource;
}

// Who asks: the branch of the request, the caller's rights there and their Telegram id.
export interface StatsCaller {
  accId: number;
  rights: string[];
  userId: number;
}

// The detail of a send-out counted longer ago than this is recounted first (one send-out, set-wise).
export const DETAIL_REFRESH_MS = 30_000;
const EXPORT_BATCH = 1_000;

const round2 = (value: number) => Math.round(value * 100) / 100;
const orNull = (value: number | null) => (value === null ? null : round2(Number(value)));
const stamp = (value: Date | string | null): number | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).getTime();

// Admins with 'hide client phones' see numbers with the middle masked (as in chat history).
function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : phone;
}

function hidesPhones(caller: StatsCaller): boolean {
  return caller.rights.includes('hide_translation_phones') && !isOwner(caller.rights);
}

// SPEC 3 Stats row from the send-out's counters. Conversions are shares of the messages that left.
export function toStatsRow(
  row: StatsSendoutRow,
  timeZone: string,
  stall: SendoutStallWire | null = null,
): MailingStatsRowWire {
  const recipients = Number(row.sent_count);
  const read = Number(row.read_count);
  const answers = Number(row.answered_count);
  const signUp = Number(row.recorded_count);
  const summ = round2(Number(row.revenue));
  return {
    sendout_id: row.id,
    text: row.text,
    date: localInstant(row.started_at, timeZone),
    summ,
    visits: orNull(row.visits_median),
    last_visit_days: orNull(row.last_visit_time_median),
    recipients,
    read,
    answers,
    sign_up: signUp,
    summ_one_msg: statsRatio(summ, recipients),
    percent_read: statsPercent(read, recipients),
    conversion_answers: statsPercent(answers, recipients),
    conversion_sign_up: statsPercent(signUp, recipients),
    date_finish_sendout: localInstant(row.finished_at, timeZone),
    sendout_stop_flag: row.stopped,
    status: row.status as SendoutStatus,
    stall,
  };
}

// SPEC 2/3/5/7 mailing statistics: the table of send-outs (pages, count, Excel, Telegram) and one
// send-out's recipients (filters, Excel, Telegram), all in the branch's local days.
export class MailingStatsService {
  constructor(private readonly d: MailingStatsDeps) {}

  private async timeZone(accId: number): Promise<string> {
    const timeZone = await this.d.repo.branchTimeZone(accId);
    if (timeZone === undefined) throw errors.accountsNotFound();
    return timeZone;
  }

  // SPEC 5/9: invalid values fall back to the defaults; the default range ends on the branch's today.
  private async read(caller: StatsCaller, raw: RawStatsQuery) {
    const timeZone = await this.timeZone(caller.accId);
    const query = normalizeStatsQuery(raw, localDay(this.d.clock.now(), timeZone));
    const filter: StatsFilter = {
      accId: caller.accId,
      timeZone,
      from: query.date_start,
      to: query.date_end,
      text: query.text,
    };
    return { query, filter, timeZone };
  }

  async page(caller: StatsCaller, raw: RawStatsQuery): Promise<MailingStatsResponse> {
    const { query, filter, timeZone } = await this.read(caller, raw);
    const rows = await this.d.repo.page(
      filter,
      { sort: query.sort, desc: query.order_desc },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    const stalls =
      rows.some((r) => r.status === 'started') && this.d.stalls
        ? await this.d.stalls.forBranch(caller.accId)
        : new Map<string, never>();
    const data = rows.map((r) => toStatsRow(r, timeZone, stallWire(stalls.get(r.id))));
    return { ok: true, data, ...query };
  }

  // Why one started send-out of this branch waits (null: it does not, or is not started).
  async stallOf(caller: StatsCaller, sendoutId: string): Promise<SendoutStallWire | null> {
    if (!this.d.stalls) return null;
    return stallWire((await this.d.stalls.forBranch(caller.accId)).get(sendoutId));
  }

  async count(caller: StatsCaller, raw: RawStatsQuery): Promise<number> {
    const { filter } = await this.read(caller, raw);
    return this.d.repo.count(filter);
  }

  // Every row of the filters (SPEC 7 "the Telegram export sends all rows"), in the table's order.
  async excel(caller: StatsCaller, raw: RawStatsQuery): Promise<{ fileName: string; bytes: Buffer; count: number }> {
    const { query, filter, timeZone } = await this.read(caller, raw);
    const { bytes, count } = await statsWorkbook(this.batches(query, filter, timeZone));
    return { fileName: `sendout_stats_${query.date_start}_${query.date_end}.xlsx`, bytes, count };
  }

  async sendExcelToTelegram(caller: StatsCaller, raw: RawStatsQuery): Promise<{ count: number }> {
    const { fileName, bytes, count } = await this.excel(caller, raw);
    await this.deliver(caller, fileName, bytes, `Статистика рассылок: ${count}`);
    return { count };
  }

  private async *batches(
    query: MailingStatsQuery,
    filter: StatsFilter,
    timeZone: string,
  ): AsyncGenerator<MailingStatsRowWire[]> {
    const order = { sort: query.sort, desc: query.order_desc };
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.d.repo.page(filter, order, EXPORT_BATCH, offset);
      if (rows.length > 0) yield rows.map((r) => toStatsRow(r, timeZone));
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  // The recipients of one send-out of this branch whose message left, filtered as the page asks.
  private async detailRows(caller: StatsCaller, sendoutId: string, filters: DetailFilters, reaction: ReactionFilter) {
    const sendout = await this.d.repo.sendout(caller.accId, sendoutId);
    if (!sendout) throw new AppError(404, MAILING_STATS_STATUS.notFound);
    const now = this.d.clock.now();
    const countedAt = stamp(sendout.stats_at);
    if (countedAt === null || now.getTime() - countedAt >= DETAIL_REFRESH_MS) {
      await this.d.attribution.refresh(sendout.id, now);
    }
    const timeZone = await this.timeZone(caller.accId);
    const hide = hidesPhones(caller);
    const rows = (await this.d.repo.detail(sendout.id))
      .map((r) => toDetailRow(r, timeZone, hide))
      .filter((r) => matchesReaction(r, reaction) && matchesDetailFilters(r, filters));
    return { sendout, rows };
  }

  // GET /stats_sendout_detail: the reaction filter and the phone search; every status.
  private detailOf(caller: StatsCaller, query: MailingStatsDetailQuery) {
    const filters = {
      client_phone: query.client_phone ?? null,
      status_filter: ALL_STATUS_FILTER,
      segment_filter: ALL_SEGMENT_FILTER,
    };
    return this.detailRows(caller, query.sendout_id, filters, query.reaction);
  }

  async detail(caller: StatsCaller, query: MailingStatsDetailQuery): Promise<MailingStatsDetailColumns> {
    const { rows } = await this.detailOf(caller, query);
    return {
      phone: rows.map((r) => r.phone),
      name: rows.map((r) => r.name),
      recordTime: rows.map((r) => r.recordTime),
      replyTime: rows.map((r) => r.replyTime),
      service: rows.map((r) => r.service),
      summaryCost: rows.map((r) => r.summaryCost),
      status: rows.map((r) => r.status),
    };
  }

  async detailExcel(
    caller: StatsCaller,
    query: MailingStatsDetailQuery,
  ): Promise<{ fileName: string; bytes: Buffer; count: number }> {
    const { sendout, rows } = await this.detailOf(caller, query);
    const { bytes, count } = await detailWorkbook(rows);
    return { fileName: `sendout_${sendout.id}_detail.xlsx`, bytes, count };
  }

  async sendDetailToTelegram(caller: StatsCaller, body: MailingStatsDetailExcelBody): Promise<{ count: number }> {
    const { sendout, rows } = await this.detailRows(
      caller,
      body.sendout_id,
      {
        client_phone: body.client_phone ?? null,
        status_filter: body.status_filter,
        segment_filter: body.segment_filter,
      },
      'all',
    );
    const { bytes, count } = await detailWorkbook(rows);
    const excerpt = sendout.text.length > 60 ? `${sendout.text.slice(0, 60)}…` : sendout.text;
    await this.deliver(caller, `sendout_${sendout.id}_detail.xlsx`, bytes, `Рассылка «${excerpt}»: ${count}`);
    return { count };
  }

  private async deliver(caller: StatsCaller, fileName: string, bytes: Buffer, caption: string): Promise<void> {
    try {
      await this.d.bot.sendDocument(caller.userId, fileName, bytes, caption);
    } catch (err) {
      // Most often the user never pressed Start in the bot, so it may not write to them.
      this.d.logger.warn({ err, userId: caller.userId }, 'admin bot could not send the mailing statistics');
      throw new AppError(409, MAILING_STATS_STATUS.noAdminBot);
    }
  }
}

type DetailRow = DetailSheetRow & { read: boolean; answered: boolean; recorded: boolean };

function toDetailRow(r: DetailRecipientRow, timeZone: string, hidePhone: boolean): DetailRow {
  const reaction = {
    read: r.read_at !== null,
    answered: r.answered_at !== null,
    recorded: r.recorded_at !== null,
    sent: r.sent_at !== null,
  };
  return {
    ...reaction,
    phone: hidePhone ? maskPhone(r.phone) : r.phone,
    name: r.name,
    status: detailStatusOf(reaction),
    replyTime: localInstant(r.answered_at, timeZone),
    recordTime: localInstant(r.recorded_at, timeZone),
    service: r.record_service,
    summaryCost: r.record_cost === null ? null : round2(Number(r.record_cost)),
  };
}
