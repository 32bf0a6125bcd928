import {
  DASHBOARD_LAST_SENDOUTS_MAX,
  DASHBOARD_LIST_MAX,
  DASHBOARD_POPULAR_MAX,
  type DashboardActivity,
  type DashboardBotClients,
  type DashboardBotEarned,
  type DashboardConnected,
  type DashboardLoyalty,
  type DashboardReview,
  type DashboardSendouts,
  type DashboardTariff,
  type DashboardTemplates,
} from '@salon/contract/dashboard';
import { CURRENCIES, type Currency } from '@salon/contract/constants';
import type { PayData } from '@salon/contract/payments';
import { isOwner } from '@salon/contract/rights';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import { sentPerPeriod } from '../../channels/dispatch/outbox-activity.js';
import type { LoyaltyDashboardRead } from '../loyalty/analytics/dashboard-read.js';
import type { MailingDashboardRead } from '../mailing/stats/dashboard-read.js';
import { reviewTotals } from '../reviews/stats/dashboard-read.js';
import type { ReviewStatsRepository } from '../reviews/stats/repository.js';
import type { TemplatesDashboardRead } from '../templates/dashboard-read.js';
import { bucketsOf, periodOf, type Period } from './period.js';
import type { DashboardRepository } from './repository.js';

export interface DashboardSources {
  // The payments module's pay page data (paid-till day, status, test period, discount, prices).
  payData(accId: number): Promise<PayData>;
  // The states the branch's channel sessions last reported (the accounts list reads the same).
  channelStatuses(accIds: readonly number[]): Promise<{ accId: number; kind: string; status: string }[]>;
}

export interface DashboardDeps {
  db: Db;
  repo: DashboardRepository;
  templates: TemplatesDashboardRead;
  mailing: MailingDashboardRead;
  reviews: ReviewStatsRepository;
  loyalty: LoyaltyDashboardRead;
  sources: DashboardSources;
  clock: Clock;
}

export interface Caller {
  accId: number;
  rights: string[];
}

type PeriodQuery = { date_start?: string | null | undefined; date_end?: string | null | undefined };

const round2 = (value: number) => Math.round(value * 100) / 100;
// 0…100 with two decimals; 0 when there is nothing to divide by.
export const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, round2((part / whole) * 100)) : 0);
const money = (value: number) => Math.max(0, round2(value));
// The send-out list shows the start of its text.
const NAME_MAX = 100;

// Admins with 'hide client phones' see numbers with the middle masked (as in the statistics).
function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : phone;
}

// SPEC 3 Dashboard: each card from the live data of the module that owns it, over the branch's days.
export class DashboardService {
  constructor(private readonly d: DashboardDeps) {}

  private async branch(accId: number) {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    // SPEC 3: RUB for the yclients-type CRM, else USD; the branch may say otherwise.
    const currency: Currency = (CURRENCIES as readonly string[]).includes(branch.currency)
      ? (branch.currency as Currency)
      : branch.crmName === 'yclients'
        ? 'RUB'
        : 'USD';
    return { ...branch, currency };
  }

  private async period(accId: number, query: PeriodQuery, where?: 'querystring' | 'body'): Promise<Period> {
    const { timeZone } = await this.branch(accId);
    return periodOf({ accId, timeZone }, query, this.d.clock.now(), where);
  }

  async tariff(accId: number): Promise<DashboardTariff> {
    const branch = await this.branch(accId);
    const [pay, statuses] = await Promise.all([this.d.sources.payData(accId), this.d.sources.channelStatuses([accId])]);
    const live = (kind: string) => statuses.find((s) => s.accId === accId && s.kind === kind)?.status;
    return {
      pay_period: pay.pay_date,
      pay_status: pay.pay_status,
      status_channels: { TG: live('telegram') ?? branch.statusTg, WA: live('whatsapp') ?? branch.statusWa },
      tarif_data: {
        branch_employees: pay.branch_employees,
        amount: money(pay.amount),
        discount: pay.discount,
        is_test_period: pay.is_test_period,
        currency: pay.currency,
      },
      active_modules: pay.active_modules,
    };
  }

  async botClients(caller: Caller, query: PeriodQuery): Promise<DashboardBotClients> {
    const p = await this.period(caller.accId, query);
    const [rows, totals] = await Promise.all([
      this.d.repo.bookings(p, DASHBOARD_LIST_MAX),
      this.d.repo.bookingTotals(p, ['templates', 'sendouts', 'reviews', 'loyalty']),
    ]);
    const hide = caller.rights.includes('hide_translation_phones') && !isOwner(caller.rights);
    return {
      bot_clients: rows.map((r) => ({
        record_id: r.id,
        record_time: new Date(r.starts_at).toISOString(),
        summary_cost: money(Number(r.cost)),
        phone: hide ? maskPhone(r.client_phone) : r.client_phone,
        name: r.client_name,
      })),
      total: totals.count,
    };
  }

  async botEarned(accId: number, body: PeriodQuery): Promise<DashboardBotEarned> {
    const branch = await this.branch(accId);
    const p = periodOf({ accId, timeZone: branch.timeZone }, body, this.d.clock.now(), 'body');
    const { earned } = await this.d.repo.bookingTotals(p, ['templates', 'sendouts', 'reviews', 'loyalty']);
    return { amount: money(earned), currency: branch.currency };
  }

  async review(accId: number, query: PeriodQuery): Promise<DashboardReview> {
    const p = await this.period(accId, query);
    const t = await reviewTotals(this.d.reviews, { accId, timeZone: p.timeZone, from: p.start, to: p.end });
    return {
      total_sends: t.sends,
      count_full_review: t.finished,
      percent_full_review: percent(t.finished, t.sends),
      count_first_step: t.rated,
      percent_first_step: percent(t.rated, t.sends),
      negative_results: t.negative,
    };
  }

  async connected(accId: number): Promise<DashboardConnected> {
    await this.branch(accId);
    const people = await this.d.repo.connected(accId);
    return { connected: people.map((p) => ({ name: p.name, telegram_id: p.telegramId })) };
  }

  async loyalty(accId: number, query: PeriodQuery): Promise<DashboardLoyalty> {
    const p = await this.period(accId, query);
    const t = await this.d.loyalty.totals(accId, p.from, p.to);
    return { amount: money(t.amount), median_bill: money(t.median), count_records: t.records };
  }

  async templates(accId: number, query: PeriodQuery): Promise<DashboardTemplates> {
    const p = await this.period(accId, query);
    const [counts, popular, earned] = await Promise.all([
      this.d.templates.counts(accId),
      this.d.templates.popular({ accId, timeZone: p.timeZone, from: p.start, to: p.end }, DASHBOARD_POPULAR_MAX),
      this.d.repo.bookingTotals(p, ['templates']),
    ]);
    return {
      amount: money(earned.earned),
      popular_templates: popular.map((t) => ({
        id: String(t.id),
        name: t.title,
        amount: t.sent,
        recorded_rate: percent(t.recorded, t.sent),
      })),
      count_all: counts.all,
      count_event: counts.event,
      count_time: counts.time,
      count_active_template: counts.active,
    };
  }

  async sendouts(accId: number, query: PeriodQuery): Promise<DashboardSendouts> {
    const p = await this.period(accId, query);
    const [totals, last, earned] = await Promise.all([
      this.d.mailing.totals(accId, p.from, p.to),
      this.d.mailing.last(accId, p.from, p.to, DASHBOARD_LAST_SENDOUTS_MAX),
      this.d.repo.bookingTotals(p, ['sendouts']),
    ]);
    return {
      amount: money(earned.earned),
      count_sendout: totals.sendouts,
      count_active_sendout: totals.active,
      count_all_send_msg: totals.sent,
      count_sign_up: totals.recorded,
      percent_sign_up: percent(totals.recorded, totals.sent),
      count_answers: totals.answered,
      percent_answers: percent(totals.answered, totals.sent),
      last_sent_sendouts: last.map((s) => ({
        sendout_id: s.id,
        name: s.text.trim().split('\n')[0]!.slice(0, NAME_MAX),
        summ: s.sent,
        status: s.status,
        conversion_sign_up: percent(s.recorded, s.sent),
        conversion_answers: percent(s.answered, s.sent),
      })),
    };
  }

  async activity(accId: number, query: PeriodQuery): Promise<DashboardActivity> {
    const { unit, period, labels } = bucketsOf(await this.period(accId, query));
    const [sent, bookings] = await Promise.all([
      sentPerPeriod(this.d.db, { accId, timeZone: period.timeZone, from: period.from, to: period.to, unit }),
      this.d.repo.bookingsPer(period, unit),
    ]);
    const sentBy = new Map(sent.map((s) => [s.period, s.sent]));
    const bookedBy = new Map(bookings.map((b) => [b.period, b]));
    return {
      group_by: unit,
      points: labels.map((label) => ({
        period: label,
        sent: sentBy.get(label) ?? 0,
        bookings: bookedBy.get(label)?.bookings ?? 0,
        earned: money(bookedBy.get(label)?.earned ?? 0),
      })),
    };
  }
}
