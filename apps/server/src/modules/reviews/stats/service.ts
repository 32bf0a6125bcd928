import { REVIEW_STATUS, type ReviewStatsQuery, type ReviewStatsRow } from '@salon/contract/reviews';
import { STATUS } from '@salon/contract/status';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import { errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { Caller, ReviewChainsService } from '../chains/service.js';
import { reviewStatsWorkbook } from './excel.js';
import type { ReviewStatsDbRow, ReviewStatsFilter, ReviewStatsRepository } from './repository.js';

export interface ReviewStatsDeps {
  repo: ReviewStatsRepository;
  chains: ReviewChainsService;
  bot: AdminBotFiles;
  clock: Clock;
  logger: Logger;
}

// A branch has few chains; the export carries them all.
const EXPORT_LIMIT = 10_000;

type RangeQuery = Pick<ReviewStatsQuery, 'date_start' | 'date_end'>;
type ExportQuery = Omit<ReviewStatsQuery, 'page' | 'page_size'>;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

// A real day of years the database's dates and the zones' rules both hold (2026-02-31 is not).
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return false;
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 2999;
}

export function toStatsRow(r: ReviewStatsDbRow): ReviewStatsRow {
  const total = Number(r.total_sends);
  const rated = Number(r.rated);
  const finished = Number(r.finished);
  return {
    _id: Number(r.id),
    title: r.title,
    active: r.active,
    deleted: r.deleted,
    total_sends: total,
    first_step_conversion: percent(rated, total),
    first_step_count: rated,
    full_conversion: percent(finished, total),
    full_count: finished,
    negative_results: Number(r.negative),
    link_clicks: Number(r.link_clicks),
  };
}

// SPEC 3 Review stats row: per chain, in the branch's local days (SPEC 9: the current year by
// default, date_start 00:00:00 to date_end 23:59:59).
export class ReviewStatsService {
  constructor(private readonly d: ReviewStatsDeps) {}

  private async filter(caller: Caller, query: RangeQuery): Promise<ReviewStatsFilter> {
    const { timeZone } = await this.d.chains.assertReviewsBranch(caller.accId);
    const today = localDay(this.d.clock.now(), timeZone);
    const from = query.date_start ?? `${today.slice(0, 4)}-01-01`;
    const to = query.date_end ?? today;
    const issues = [
      ...(isCalendarDate(from) ? [] : [{ path: 'querystring.date_start', code: 'invalid_date' }]),
      ...(isCalendarDate(to) ? [] : [{ path: 'querystring.date_end', code: 'invalid_date' }]),
    ];
    if (issues.length === 0 && from > to) issues.push({ path: 'querystring.date_end', code: 'invalid_range' });
    if (issues.length > 0) throw errors.invalid(STATUS.badRequest, issues);
    return { accId: caller.accId, timeZone, from, to };
  }

  async page(
    caller: Caller,
    query: ReviewStatsQuery,
  ): Promise<{ rows: ReviewStatsRow[]; count: number; range: { date_start: string; date_end: string } }> {
    const filter = await this.filter(caller, query);
    const order = { sort: query.sort, desc: query.sort_desc };
    const [rows, count] = await Promise.all([
      this.d.repo.page(filter, order, query.page_size, (query.page - 1) * query.page_size),
      this.d.repo.count(filter),
    ]);
    return { rows: rows.map(toStatsRow), count, range: { date_start: filter.from, date_end: filter.to } };
  }

  // Every chain of the range, in the table's order.
  async excel(caller: Caller, query: ExportQuery): Promise<{ fileName: string; bytes: Buffer }> {
    const filter = await this.filter(caller, query);
    const rows = await this.d.repo.page(filter, { sort: query.sort, desc: query.sort_desc }, EXPORT_LIMIT, 0);
    const range = { date_start: filter.from, date_end: filter.to };
    const bytes = await reviewStatsWorkbook(rows.map(toStatsRow), range);
    return { fileName: `review_stats_${filter.from}_${filter.to}.xlsx`, bytes };
  }

  // send_tg: the admin bot sends the workbook to the user who asked.
  async sendToTelegram(caller: Caller, query: ExportQuery): Promise<void> {
    const { fileName, bytes } = await this.excel(caller, query);
    try {
      await this.d.bot.sendDocument(caller.userId, fileName, bytes, 'Статистика отзывов');
    } catch (err) {
      // Most often the user never pressed Start in the bot, so it may not write to them.
      this.d.logger.warn({ err, userId: caller.userId }, 'admin bot could not send the review statistics');
      throw new DomainError('conflict', REVIEW_STATUS.noAdminBot);
    }
  }
}
