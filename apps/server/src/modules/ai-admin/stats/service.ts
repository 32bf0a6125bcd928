import { HANDOVER_REASONS, type HandoverReason } from '@salon/contract/ai-chat';
import type { AiStatsResponse } from '@salon/contract/ai-stats';
import { STATUS } from '@salon/contract/status';
import { errors } from '../../../platform/http/errors.js';
import type { AiStatsRepository } from './repository.js';

export interface AiStatsRequest {
  accId: number;
  // SPEC 7 names the branch account_id as well; when given it must be the session's branch.
  accountId?: number;
  from: string;
  to: string;
  groupBy: 'day' | 'week';
}

// Three years of days is what a chart can still show; a longer range is a mistake, not a question.
export const AI_STATS_MAX_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

// A real day of years the database's dates and the zones' rules both hold (2026-02-31 is not).
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return false;
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 2999;
}

// The AI administrator's statistics (/ai_admin_statistics), in the branch's local days.
export class AiStatsService {
  constructor(private readonly repo: AiStatsRepository) {}

  async stats(request: AiStatsRequest): Promise<AiStatsResponse> {
    if (request.accountId !== undefined && request.accountId !== request.accId) throw errors.accessDenied('account_id');
    const { from, to } = request;
    const issues = [
      ...(isCalendarDate(from) ? [] : [{ path: 'querystring.date_start', code: 'invalid_date' }]),
      ...(isCalendarDate(to) ? [] : [{ path: 'querystring.date_end', code: 'invalid_date' }]),
    ];
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (issues.length === 0 && (days < 0 || days >= AI_STATS_MAX_DAYS)) {
      issues.push({ path: 'querystring.date_end', code: 'invalid_range' });
    }
    if (issues.length > 0) throw errors.invalid(STATUS.badRequest, issues);
    const timeZone = await this.repo.timeZoneOf(request.accId);
    if (!timeZone) throw errors.accountsNotFound();

    const filter = { accId: request.accId, timeZone, from, to, groupBy: request.groupBy };
    const [totals, reasons, series] = await Promise.all([
      this.repo.totals(filter),
      this.repo.handoverReasons(filter),
      this.repo.series(filter),
    ]);
    const handoverReasons = Object.fromEntries(HANDOVER_REASONS.map((r) => [r, 0])) as Record<HandoverReason, number>;
    for (const { reason, n } of reasons) {
      if ((HANDOVER_REASONS as readonly (string | null)[]).includes(reason))
        handoverReasons[reason as HandoverReason] = n;
    }
    const { median_first_answer_ms: medianMs, ...counts } = totals;
    return {
      totals: {
        ...counts,
        handover_reasons: handoverReasons,
        median_first_answer_sec: medianMs === null ? null : Math.round(medianMs) / 1000,
      },
      series,
    };
  }
}
