import {
  awardsOf,
  badgesOf,
  percentPaid,
  type Consultant,
  type ConsultantHistory,
  type OperationList,
  type OperationsQuery,
  type PartnerBadgesWire,
  type PartnerTableRow,
  type PromoGroup,
  type SalonHistory,
  type SalonPartner,
} from '@salon/contract/partners';
import { PARTNER_TYPES, type PartnerType } from '@salon/contract/accounts';
import { expandRights } from '@salon/contract/rights';
import type { Clock } from '../../platform/clock.js';
import type { SubscriptionGrants } from '../payments/grants.js';
import type { HeldCode, PartnerAccess } from './access.js';
import type { MoneyRepository } from './money-repository.js';
import {
  daysBetween,
  filialStatusOf,
  monthStart,
  operationStatus,
  partnerDay,
  partnerMonth,
  round2,
  shiftMonth,
  totalsOf,
  yearStart,
} from './money-rules.js';
import type { ConsultantRow, PartnerProfiles } from './profile-repository.js';
import type { PromoLinks } from './promo-links.js';
import type { LedgerLine, PromoCodeRow, ViewsRepository } from './views-repository.js';

export interface ViewsServiceDeps {
  repo: ViewsRepository;
  profiles: PartnerProfiles;
  access: PartnerAccess;
  grants: Pick<SubscriptionGrants, 'paidTillOf' | 'dayPrice'>;
  links: PromoLinks;
  money: Pick<MoneyRepository, 'payouts' | 'bonusDaysGranted'>;
  clock: Clock;
}

const currencyOf = (value: string | undefined): 'RUB' | 'USD' => (value === 'USD' ? 'USD' : 'RUB');
const typeOf = (value: string): PartnerType =>
  (PARTNER_TYPES as readonly string[]).includes(value) ? (value as PartnerType) : 'consultant';
const paidBranches = (lines: readonly LedgerLine[]) =>
  new Set(lines.filter((l) => l.kind === 'accrual').map((l) => l.accId));

// The partner pages (SPEC 3 Partner): rows of the ledger and the tables mapped to the wire.
export class ViewsService {
  constructor(private readonly d: ViewsServiceDeps) {}

  private today(): string {
    return partnerDay(this.d.clock.now());
  }

  private async owner(held: HeldCode): Promise<ConsultantRow> {
    const row = await this.d.profiles.consultant(held.owner);
    if (!row) throw new Error(`partner ${held.owner} of ${held.code} has no row`);
    return row;
  }

  private async code(code: string): Promise<PromoCodeRow> {
    const row = await this.d.repo.promoCode(code);
    if (!row) throw new Error(`promo code ${code} vanished`);
    return row;
  }

  async consultant(userId: number, held: HeldCode): Promise<Consultant> {
    const [owner, code, name, admins, lines, ownerCodes, mine] = await Promise.all([
      this.owner(held),
      this.code(held.code),
      this.d.repo.userName(held.owner),
      this.d.repo.admins(held.code),
      this.d.repo.lines(held.code),
      this.d.repo.codesOf(held.owner),
      this.d.profiles.heldCodes(userId),
    ]);
    const accruals = lines.filter((l) => l.kind === 'accrual').reverse();
    const paidTill = await this.d.grants.paidTillOf([...new Set(accruals.map((l) => l.accId))]);
    const byBranch = new Map<number, Consultant['payments_detail'][number]>();
    for (const l of accruals) {
      const entry = byBranch.get(l.accId) ?? { branch: l.accId, branch_name: l.branchName, payments: [] };
      entry.payments.push({
        amount: l.income,
        date: partnerDay(l.operationAt),
        first_payment: l.firstPayment,
        paid_till: paidTill.get(l.accId)?.paidTill ?? null,
      });
      byBranch.set(l.accId, entry);
    }
    // A partner admin sees only the codes it was granted.
    const visible = new Set(mine.map((c) => c.code));
    return {
      name,
      phone: owner.phone,
      admins: admins.map((a) => ({ name: a.name, telegram_id: a.telegramId })),
      rights: held.own ? expandRights(owner.rights) : [],
      partner_type: typeOf(owner.partnerType),
      bonus_days: code.bonusDays,
      promo_code: held.code,
      telegram_id: held.owner,
      payments_detail: [...byBranch.values()].sort((a, b) => a.branch - b.branch),
      one_time_payment: round2(accruals.filter((l) => l.firstPayment).reduce((a, l) => a + l.accrued, 0)),
      partner_chat_url: owner.partnerChatUrl,
      regular_pay_rate: Number(owner.regularPayRate),
      one_time_pay_rate: Number(owner.oneTimePayRate),
      extra_promo_codes: ownerCodes
        .filter((c) => !c.isMain && visible.has(c.code))
        .map((c) => ({ promo: c.code, bonus_days: c.bonusDays, name: c.name })),
      one_time_discount: Number(owner.oneTimeDiscount),
      currency: currencyOf(owner.currency),
    };
  }

  // Every code the caller holds, its salons by account id.
  async partnerTable(userId: number): Promise<PromoGroup[]> {
    const held = await this.d.profiles.heldCodes(userId);
    const groups: PromoGroup[] = [];
    for (const c of held) groups.push(await this.group(await this.d.access.require(userId, c.code)));
    return groups;
  }

  private async group(held: HeldCode): Promise<PromoGroup> {
    const [owner, code, branches, lines] = await Promise.all([
      this.owner(held),
      this.code(held.code),
      this.d.repo.attributed(held.code),
      this.d.repo.lines(held.code),
    ]);
    const paidTill = await this.d.grants.paidTillOf(branches.map((b) => b.accId));
    const paid = paidBranches(lines);
    const firstPay = new Map<number, string>();
    for (const l of lines) if (l.kind === 'accrual') firstPay.set(l.accId, partnerDay(l.operationAt));
    const today = this.today();
    const rows: PartnerTableRow[] = branches.map((b) => {
      const till = paidTill.get(b.accId) ?? { paidTill: null, onTest: false };
      return {
        acc_id: b.accId,
        filial_name: b.name,
        promo_code: held.code,
        connection_date: partnerDay(b.attributedAt),
        first_pay_date: firstPay.get(b.accId) ?? null,
        pay_till_date: b.payPeriod,
        comment: b.comment,
        filial_status: filialStatusOf({ paid: paid.has(b.accId), onTest: till.onTest, paidTill: till.paidTill, today }),
        created_at: b.attributedAt.toISOString(),
        pay_status: b.payStatus,
        paid_till: till.paidTill,
      };
    });
    const paidClients = rows.filter((r) => paid.has(r.acc_id)).length;
    return {
      qr_code: await this.d.links.qr(held.code),
      promo_url: this.d.links.url(held.code),
      promo_code: held.code,
      promo_name: code.name,
      bonus_days: code.bonusDays,
      total_clients: rows.length,
      paid_clients: paidClients,
      percent_paid: percentPaid(paidClients, rows.length),
      consultant_type: { partner_type: typeOf(owner.partnerType), regular_pay: Number(owner.regularPayRate) },
      rows,
    };
  }

  // SPEC 5 partner filters over the code's ledger, newest first; the totals are the code's whole.
  async operations(held: HeldCode, q: OperationsQuery): Promise<OperationList> {
    const [owner, lines] = await Promise.all([this.owner(held), this.d.repo.lines(held.code)]);
    const today = this.today();
    const from = q.date_from ?? yearStart(this.d.clock.now());
    const shown = lines
      .map((l) => ({ line: l, day: partnerDay(l.operationAt), status: operationStatus(l, today) }))
      .filter(({ line, day, status }) => {
        const sum = Math.abs(line.income);
        return (
          day >= from &&
          (q.date_to === undefined || day <= q.date_to) &&
          (q.sum_from === undefined || sum >= q.sum_from) &&
          (q.sum_to === undefined || sum <= q.sum_to) &&
          (!q.branches?.length || q.branches.includes(line.accId)) &&
          (!q.filial_names?.length || q.filial_names.includes(line.branchName)) &&
          (!q.statuses?.length || q.statuses.includes(status))
        );
      });
    const branches = new Map<number, string>();
    for (const l of lines) if (!branches.has(l.accId)) branches.set(l.accId, l.branchName);
    return {
      operations: shown.map(({ line, status }) => ({
        id: line.id,
        branch: line.accId,
        branch_name: line.branchName,
        operation_date: line.operationAt.toISOString(),
        promo: line.promoCode,
        income_amount: line.income,
        accrued_amount: line.accrued,
        status,
        payable_from: line.kind === 'accrual' ? line.payableFrom : null,
      })),
      ...totalsOf(lines, today),
      currency: currencyOf(owner.currency),
      branches: [...branches.entries()]
        .sort(([a], [b]) => a - b)
        .map(([branch, branch_name]) => ({ branch, branch_name })),
    };
  }

  async history(held: HeldCode): Promise<ConsultantHistory> {
    return (await this.d.money.payouts(held.code)).map((p) => ({
      period: partnerMonth(p.requestedAt),
      amount: Number(p.amount),
      payed: p.status === 'paid',
      payout_id: p.id,
      requested_at: p.requestedAt.toISOString(),
      paid_at: p.paidAt ? p.paidAt.toISOString() : null,
    }));
  }

  async salon(me: ConsultantRow): Promise<SalonPartner> {
    const held: HeldCode = { code: me.promoCode, owner: me.userId, partnerType: typeOf(me.partnerType), own: true };
    const group = await this.group(held);
    return {
      promo_code: group.promo_code,
      promo_url: group.promo_url,
      qr_code: group.qr_code,
      bonus_days: group.bonus_days,
      total_clients: group.total_clients,
      paid_clients: group.paid_clients,
      percent_paid: group.percent_paid,
      regular_pay_rate: Number(me.regularPayRate),
      one_time_pay_rate: Number(me.oneTimePayRate),
      partner_chat_url: me.partnerChatUrl,
      acc_id: me.bonusAccId,
    };
  }

  // A salon partner's earnings (all its codes) by month of accrual, in months of its own subscription.
  async salonHistory(me: ConsultantRow): Promise<SalonHistory> {
    const codes = await this.d.repo.codesOf(me.userId);
    const [perCode, bonusesGranted] = await Promise.all([
      Promise.all(codes.map((c) => this.d.repo.lines(c.code))),
      this.d.money.bonusDaysGranted(me.userId),
    ]);
    const lines = perCode.flat();
    const today = this.today();
    let daysLeft = 0;
    let dayPrice = 0;
    if (me.bonusAccId !== null) {
      const till = (await this.d.grants.paidTillOf([me.bonusAccId])).get(me.bonusAccId)?.paidTill ?? null;
      daysLeft = till === null ? 0 : Math.max(0, daysBetween(today, till));
      dayPrice = (await this.d.grants.dayPrice(me.bonusAccId)).price;
    }
    const byMonth = new Map<string, { sum: number; count: number }>();
    for (const l of lines) {
      const m = byMonth.get(l.period) ?? { sum: 0, count: 0 };
      m.sum += l.accrued;
      if (l.kind === 'accrual') m.count += 1;
      byMonth.set(l.period, m);
    }
    return {
      days_left: daysLeft,
      total_bonuses: bonusesGranted,
      months: [...byMonth.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([period, m]) => ({
          period,
          sum: round2(m.sum),
          months_accrued: dayPrice > 0 ? round2(m.sum / (dayPrice * 30)) : 0,
          count: m.count,
        })),
    };
  }

  // SPEC 3 badges of the code: its paying salons and leads; awards from this month's new payers.
  async badges(held: HeldCode): Promise<PartnerBadgesWire> {
    const [lines, leads, branches] = await Promise.all([
      this.d.repo.lines(held.code),
      this.d.repo.leadsCount(held.code),
      this.d.repo.attributed(held.code),
    ]);
    const thisMonth = partnerMonth(this.d.clock.now());
    const lastMonth = shiftMonth(thisMonth, -1);
    const newPayers = (month: string) =>
      new Set(lines.filter((l) => l.firstPayment && partnerMonth(l.operationAt) === month).map((l) => l.accId)).size;
    const board = await this.d.repo.firstPaymentsByPartner(monthStart(thisMonth), monthStart(shiftMonth(thisMonth, 1)));
    const mine = board.get(held.owner) ?? 0;
    const paidClients = paidBranches(lines).size;
    const { status, steps } = badgesOf(held.partnerType, { paidClients, leads });
    return {
      partner_status: status,
      partner_awards: awardsOf({
        paidThisMonth: newPayers(thisMonth),
        paidLastMonth: newPayers(lastMonth),
        paidClients,
        totalClients: branches.length,
        topThisMonth: mine > 0 && [...board.values()].every((n) => n <= mine),
      }),
      badges: steps.map((s) => ({ name: s.name, paid_clients: s.paidClients, reached: s.reached })),
      paid_clients: paidClients,
      leads,
    };
  }
}
