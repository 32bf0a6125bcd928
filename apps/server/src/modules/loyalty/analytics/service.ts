import type { z } from 'zod';
import {
  type LoyaltyAnalyticsResponse,
  type LoyaltyAnalyticsRow,
  type loyaltyAnalyticsQuery,
} from '@salon/contract/loyalty';
import { isRealDate } from '@salon/contract/mailing-segments-rules';
import { STATUS } from '@salon/contract/status';
import { addDays, localDay, zonedToUtc, type LocalParts } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import { errors } from '../../../platform/http/errors.js';
import type { AnalyticsFigures, LoyaltyAnalyticsRepository } from './repository.js';

export interface LoyaltyAnalyticsDeps {
  repo: LoyaltyAnalyticsRepository;
  // The branch's zone; refuses branches without invite-friends pages (the actions' rule).
  branch: (accId: number) => Promise<{ timeZone: string }>;
  clock: Clock;
}

type Query = z.output<typeof loyaltyAnalyticsQuery>;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

const dayParts = (day: string): LocalParts => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date, hour: 0, minute: 0 };
};

function toRow(f: AnalyticsFigures): LoyaltyAnalyticsRow {
  return {
    actionId: f.actionId,
    templateName: f.title,
    countParent: f.countParent,
    countChild: f.countChild,
    countChildPaid: f.countChildPaid,
    childSignupRatio: ratio(f.countChild, f.invitesIssued),
    childPaymentRatio: ratio(f.countChildPaid, f.countChild),
    amountPaymentsChild: f.amountPaymentsChild,
    amountAccruedBonusesParents: f.amountAccruedBonusesParents,
    amountAccruedBonusesChildren: f.amountAccruedBonusesChildren,
    medianChildrenRecords: f.medianChildrenRecords,
    medianPaymentsChild: f.medianPaymentsChild,
    dateFirstActivateTemplate: f.firstActivatedAt?.toISOString() ?? null,
    childHaveRecords: f.childHaveRecords,
  };
}

// Nulls (never activated) sort last whatever the order; ties by the newest action.
function compare(sort: Query['sort'], order: Query['order']) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: LoyaltyAnalyticsRow, b: LoyaltyAnalyticsRow): number => {
    const x = a[sort];
    const y = b[sort];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (typeof x === 'string' && typeof y === 'string') return sign * x.localeCompare(y);
      return sign * (Number(x) - Number(y));
    }
    return b.actionId - a.actionId;
  };
}

// SPEC 3 Analytics row, per action, over the referrals made between two days of the branch's
// calendar (both included). Default: the current year so far (SPEC 9 default stats range).
export class LoyaltyAnalyticsService {
  constructor(private readonly d: LoyaltyAnalyticsDeps) {}

  async analytics(accId: number, query: Query): Promise<LoyaltyAnalyticsResponse> {
    const { timeZone } = await this.d.branch(accId);
    const today = localDay(this.d.clock.now(), timeZone);
    const dateFrom = query.date_from ?? `${today.slice(0, 4)}-01-01`;
    const dateTo = query.date_to ?? today;
    const issues = [
      ...(isRealDate(dateFrom) ? [] : [{ path: 'querystring.date_from', code: 'invalid_date' }]),
      ...(isRealDate(dateTo) ? [] : [{ path: 'querystring.date_to', code: 'invalid_date' }]),
    ];
    if (issues.length === 0 && dateFrom > dateTo) issues.push({ path: 'querystring.date_to', code: 'range_order' });
    if (issues.length > 0) throw errors.invalid(STATUS.badRequest, issues);

    const from = zonedToUtc(dayParts(dateFrom), timeZone);
    const to = zonedToUtc(addDays(dayParts(dateTo), 1), timeZone);
    const figures = await this.d.repo.figures(accId, from, to);
    const data = figures.map(toRow).sort(compare(query.sort, query.order));
    return { data, date_from: dateFrom, date_to: dateTo };
  }
}
