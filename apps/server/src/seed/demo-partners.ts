import {
  DEFAULT_MODULE_PRICES,
  addDaysToDay,
  priceFor,
  type PayModule,
  type PayPeriod,
} from '@salon/contract/payments';
import { PARTNER_RULES } from '@salon/contract/partners';
import { localDay } from '@salon/contract/zoned-time';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { branches, branchMembers, networks, users } from '../platform/db/schema.js';
import {
  partnerAdmins,
  partnerAttributions,
  partnerLeads,
  partnerOperations,
  partnerPayouts,
} from '../modules/partners/schema.js';
import { accrualOf, partnerDay, partnerMonth, payableFromOf, reversalOf } from '../modules/partners/money-rules.js';
import { gateOf } from '../modules/payments/gating.js';
import { paymentModulePeriods, payments } from '../modules/payments/schema.js';

const DAY = 86_400_000;
const HOLD_DAYS = PARTNER_RULES.defaultHoldDays;

// A partner admin of VOLKOV with access granted, who can sign in and see its pages (README lists it).
export const DEMO_PARTNER_ADMIN = 666666;
// Denied: listed on the Access page, sees nothing.
const DENIED_ADMIN = 666667;

// The demo partners (seed/demo.ts writes them and their codes).
const PARTNERS = {
  BARHAT: { userId: 444444, oneTime: 0.3, regular: 0.1 },
  VOLKOV: { userId: 555555, oneTime: 0.5, regular: 0.2 },
  VOLKOV30: { userId: 555555, oneTime: 0.5, regular: 0.2 },
} as const;
type Code = keyof typeof PARTNERS;

interface DemoPayment {
  daysAgo: number;
  months: PayPeriod;
  modules: PayModule[];
  // Refunded by an operator that many days ago.
  refundedDaysAgo?: number;
}

interface DemoSalon {
  key: string;
  name: string;
  network?: string;
  code: Code;
  ownerId: number;
  ownerName: string;
  timeZone: string;
  connectedDaysAgo: number;
  // Bonus days of the promo code, as a test period from the connection day (when nothing was paid).
  testDays?: number;
  payments: DemoPayment[];
}

// Days are relative to the seeding day, so the hold, the payable months and the test periods look the
// same whenever the demo is written. Filial statuses: Лилия на Арбате, «Борода», «Ноготок», «Мята»
// and «Шафран» active; Лилия в Химках inactive (refunded); «Эстет» on test; «Лотос» not paid.
export const DEMO_PARTNER_SALONS: readonly DemoSalon[] = [
  {
    key: 'liliaArbat',
    name: 'Лилия на Арбате',
    network: 'Сеть «Лилия»',
    code: 'VOLKOV',
    ownerId: 700001,
    ownerName: 'Светлана Лебедева',
    timeZone: 'Europe/Moscow',
    connectedDaysAgo: 190,
    payments: [
      { daysAgo: 176, months: 3, modules: ['WA', 'TG'] },
      { daysAgo: 62, months: 3, modules: ['WA', 'TG'] },
    ],
  },
  {
    key: 'liliaKhimki',
    name: 'Лилия в Химках',
    network: 'Сеть «Лилия»',
    code: 'VOLKOV',
    ownerId: 700001,
    ownerName: 'Светлана Лебедева',
    timeZone: 'Europe/Moscow',
    connectedDaysAgo: 50,
    payments: [{ daysAgo: 40, months: 1, modules: ['WA'], refundedDaysAgo: 30 }],
  },
  {
    key: 'boroda',
    name: 'Барбершоп «Борода»',
    code: 'VOLKOV30',
    ownerId: 700002,
    ownerName: 'Артём Кузнецов',
    timeZone: 'Europe/Samara',
    connectedDaysAgo: 130,
    payments: [
      { daysAgo: 100, months: 1, modules: ['TG'] },
      { daysAgo: 70, months: 1, modules: ['TG'] },
      { daysAgo: 40, months: 1, modules: ['TG'] },
      { daysAgo: 6, months: 1, modules: ['TG', 'loyalty'] },
    ],
  },
  {
    key: 'nogotok',
    name: 'Студия «Ноготок»',
    code: 'VOLKOV30',
    ownerId: 700003,
    ownerName: 'Дарья Морозова',
    timeZone: 'Asia/Novosibirsk',
    connectedDaysAgo: 25,
    payments: [{ daysAgo: 8, months: 6, modules: ['WA', 'TG', 'loyalty'] }],
  },
  {
    key: 'estet',
    name: 'Салон «Эстет»',
    code: 'VOLKOV',
    ownerId: 700004,
    ownerName: 'Ирина Павлова',
    timeZone: 'Europe/Moscow',
    connectedDaysAgo: 4,
    testDays: 14,
    payments: [],
  },
  {
    key: 'lotos',
    name: 'SPA «Лотос»',
    code: 'VOLKOV',
    ownerId: 700005,
    ownerName: 'Наталья Орлова',
    timeZone: 'Europe/Moscow',
    connectedDaysAgo: 60,
    testDays: 14,
    payments: [],
  },
  {
    key: 'myata',
    name: 'Салон «Мята»',
    network: 'Салон «Мята»',
    code: 'BARHAT',
    ownerId: 700006,
    ownerName: 'Ксения Волкова',
    timeZone: 'Europe/Moscow',
    connectedDaysAgo: 140,
    payments: [
      { daysAgo: 120, months: 3, modules: ['WA', 'TG'] },
      { daysAgo: 20, months: 3, modules: ['WA', 'TG'] },
    ],
  },
  {
    key: 'shafran',
    name: 'Салон «Шафран»',
    code: 'BARHAT',
    ownerId: 700007,
    ownerName: 'Алина Соловьёва',
    timeZone: 'Europe/Kaliningrad',
    connectedDaysAgo: 10,
    payments: [{ daysAgo: 3, months: 1, modules: ['TG'] }],
  },
];

// Payouts: which accruals (salon key, payment index) each took. Days ago of the request and of the
// operator's mark ('paid'); a consultant's last one still waits for the operator.
const PAYOUTS: readonly {
  code: Code;
  requestedDaysAgo: number;
  paidDaysAgo: number | null;
  takes: readonly (readonly [string, number])[];
  msg?: string;
}[] = [
  { code: 'VOLKOV', requestedDaysAgo: 150, paidDaysAgo: 146, takes: [['liliaArbat', 0]] },
  { code: 'VOLKOV30', requestedDaysAgo: 60, paidDaysAgo: 57, takes: [['boroda', 0]] },
  {
    code: 'VOLKOV30',
    requestedDaysAgo: 4,
    paidDaysAgo: null,
    takes: [['boroda', 1]],
    msg: 'Прошу перевести на карту, как обычно.',
  },
  // A salon partner's withdrawal is granted at once as bonus days of its own subscription. The demo's
  // Moscow branch keeps its paid-till as demo.ts wrote it (other tests rely on it): only the row is here.
  { code: 'BARHAT', requestedDaysAgo: 90, paidDaysAgo: 90, takes: [['myata', 0]] },
];

// Leads of VOLKOV's codes, one of every status; three became salons of the demo.
const LEADS: readonly {
  code: Code;
  phone: string;
  daysAgo: number;
  status: 1 | 2 | 3 | 4 | 5;
  branchName: string;
  comment: string;
  salon?: string;
}[] = [
  {
    code: 'VOLKOV',
    phone: '79261110001',
    daysAgo: 200,
    status: 1,
    branchName: 'Лилия на Арбате',
    comment: 'Сеть из двух салонов',
    salon: 'liliaArbat',
  },
  {
    code: 'VOLKOV',
    phone: '79261110002',
    daysAgo: 6,
    status: 5,
    branchName: 'Салон «Эстет»',
    comment: '',
    salon: 'estet',
  },
  {
    code: 'VOLKOV',
    phone: '79261110003',
    daysAgo: 12,
    status: 2,
    branchName: 'Салон «Жасмин»',
    comment: 'Перезвонить после 15-го',
  },
  {
    code: 'VOLKOV',
    phone: '79261110004',
    daysAgo: 30,
    status: 3,
    branchName: 'Студия «Бриз»',
    comment: 'Не берут трубку',
  },
  {
    code: 'VOLKOV',
    phone: '79261110005',
    daysAgo: 1,
    status: 4,
    branchName: 'Салон «Орхидея»',
    comment: 'Заявка с сайта',
  },
  {
    code: 'VOLKOV30',
    phone: '79261110006',
    daysAgo: 140,
    status: 1,
    branchName: 'Барбершоп «Борода»',
    comment: '',
    salon: 'boroda',
  },
  { code: 'VOLKOV30', phone: '79261110007', daysAgo: 2, status: 4, branchName: 'Салон «Агат»', comment: '' },
  {
    code: 'VOLKOV30',
    phone: '79261110008',
    daysAgo: 120,
    status: 3,
    branchName: 'Студия «Контур»',
    comment: 'Защита истекла',
  },
];

// What the demo adds to the first-start seed (the demo-seed test counts the rest apart from it).
export const DEMO_PARTNER_ROWS = {
  users: new Set(DEMO_PARTNER_SALONS.map((s) => s.ownerId)).size + 2,
  branches: DEMO_PARTNER_SALONS.length,
  branchMembers: DEMO_PARTNER_SALONS.length,
} as const;

const PRICES = { ...DEFAULT_MODULE_PRICES.RUB };
const NO_BONUS_WEEKS = { 1: 0, 3: 0, 6: 0, 12: 0 };

// The partner programme's demo history (issue 17): salons brought by VOLKOV, VOLKOV30 and BARHAT, their
// payments with the partners' accruals, payouts, a refund, leads and VOLKOV's partner admins. Written
// in the first-start seed's transaction after the rest of the demo; new branches take the serial.
export async function seedDemoPartners(tx: Db, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const owners = [...new Map(DEMO_PARTNER_SALONS.map((s) => [s.ownerId, s.ownerName])).entries()];
  await tx
    .insert(users)
    .values([
      ...owners.map(([telegramId, name]) => ({ telegramId, name, lang: 'ru' })),
      { telegramId: DEMO_PARTNER_ADMIN, name: 'Партнёр-админ', lang: 'ru' },
      { telegramId: DENIED_ADMIN, name: 'Стажёр Волкова', lang: 'ru' },
    ]);

  const networkIds = new Map<string, number>();
  for (const name of new Set(DEMO_PARTNER_SALONS.flatMap((s) => (s.network ? [s.network] : [])))) {
    const [row] = await tx.insert(networks).values({ name }).returning({ id: networks.id });
    networkIds.set(name, row!.id);
  }

  const accIds = new Map<string, number>();
  // The accrual operation of each (salon, payment index), for the payouts.
  const accruals = new Map<string, { id: number; period: string }>();
  let companyId = 503001;
  for (const salon of DEMO_PARTNER_SALONS) {
    const today = localDay(now, salon.timeZone);
    const [branch] = await tx
      .insert(branches)
      .values({
        branchId: companyId++,
        networkId: salon.network ? networkIds.get(salon.network)! : null,
        name: salon.name,
        crmName: 'local',
        currency: 'RUB',
        timeZone: salon.timeZone,
        createdAt: ago(salon.connectedDaysAgo),
      })
      .returning({ accId: branches.accId });
    const accId = branch!.accId;
    accIds.set(salon.key, accId);
    await tx.insert(branchMembers).values({
      accId,
      userId: salon.ownerId,
      name: salon.ownerName,
      rights: ['owner'],
      createdAt: ago(salon.connectedDaysAgo),
    });
    await tx.insert(partnerAttributions).values({
      accId,
      promoCode: salon.code,
      comment: salon.payments.length === 0 ? null : 'Пришли по рекомендации',
      attributedAt: ago(salon.connectedDaysAgo),
    });

    // Module periods as the payments (and the refund) left them.
    const paidTill = new Map<PayModule, { till: string; test: boolean }>();
    if (salon.testDays) {
      const till = addDaysToDay(localDay(ago(salon.connectedDaysAgo), salon.timeZone), salon.testDays);
      for (const module of ['WA', 'TG'] as const) paidTill.set(module, { till, test: true });
    }
    const rates = PARTNERS[salon.code];
    for (const [index, p] of salon.payments.entries()) {
      const paidAt = ago(p.daysAgo);
      const plan = priceFor({
        currency: 'RUB',
        prices: PRICES,
        discount: 0,
        bonusWeeks: NO_BONUS_WEEKS,
        months: p.months,
        modules: p.modules,
        today: localDay(paidAt, salon.timeZone),
        paidTill: Object.fromEntries([...paidTill].map(([m, v]) => [m, v.test ? null : v.till])),
      });
      for (const module of plan.modules) paidTill.set(module, { till: plan.new_data_if_pay_days, test: false });
      const refundedAt = p.refundedDaysAgo === undefined ? null : ago(p.refundedDaysAgo);
      const [payment] = await tx
        .insert(payments)
        .values({
          accId,
          provider: 'sandbox',
          providerPaymentId: `demo-partner-${accId}-${index}`,
          idempotenceKey: `demo-partner-${accId}-${index}`,
          type: 'card',
          status: 'succeeded',
          amount: plan.full_cost,
          currency: 'RUB',
          months: plan.months,
          modules: plan.modules,
          plan: { ...plan, prices: PRICES, discount: 0 },
          createdAt: paidAt,
          confirmedAt: paidAt,
          appliedAt: paidAt,
          refundedAt,
          refundAmount: refundedAt ? plan.full_cost : null,
        })
        .returning({ id: payments.id });
      const accrued = accrualOf({
        amount: plan.full_cost,
        first: index === 0,
        oneTimeRate: rates.oneTime,
        regularRate: rates.regular,
      });
      const base = { promoCode: salon.code, userId: rates.userId, accId, paymentId: payment!.id, currency: 'RUB' };
      const [op] = await tx
        .insert(partnerOperations)
        .values({
          ...base,
          kind: 'accrual',
          firstPayment: index === 0,
          incomeAmount: plan.full_cost,
          accruedAmount: accrued,
          operationAt: paidAt,
          payableFrom: payableFromOf(paidAt, HOLD_DAYS),
          period: partnerMonth(paidAt),
        })
        .returning({ id: partnerOperations.id });
      accruals.set(`${salon.key}:${index}`, { id: op!.id, period: partnerMonth(paidAt) });
      if (refundedAt) {
        // Refunded before any payout: the reversal nets the month to zero.
        await tx.insert(partnerOperations).values({
          ...base,
          kind: 'reversal',
          incomeAmount: -plan.full_cost,
          accruedAmount: reversalOf({ refunded: plan.full_cost, amount: plan.full_cost, accrued }),
          operationAt: refundedAt,
          payableFrom: partnerDay(refundedAt),
          period: partnerMonth(paidAt),
        });
        // What the refund bought back comes off the paid-till, never before the refund day.
        const back = localDay(refundedAt, salon.timeZone);
        for (const module of plan.modules) paidTill.set(module, { till: back, test: false });
      }
    }

    const periods = [...paidTill].map(([module, v]) => ({ module, paidTill: v.till, testPeriod: v.test }));
    if (periods.length > 0) {
      await tx.insert(paymentModulePeriods).values(periods.map((p) => ({ accId, ...p, updatedAt: now })));
    }
    const gate = gateOf(periods, today);
    await tx
      .update(branches)
      .set({ payPeriod: gate.payPeriod, payStatus: gate.payStatus, activeModules: gate.active })
      .where(eq(branches.accId, accId));
  }

  for (const payout of PAYOUTS) {
    const taken = payout.takes.map(([salon, index]) => accruals.get(`${salon}:${index}`)!);
    const amounts = await tx
      .select({ id: partnerOperations.id, accrued: partnerOperations.accruedAmount })
      .from(partnerOperations)
      .where(
        inArray(
          partnerOperations.id,
          taken.map((t) => t.id),
        ),
      );
    const amount = Math.round(amounts.reduce((sum, o) => sum + Number(o.accrued), 0) * 100) / 100;
    const salonPartner = payout.code === 'BARHAT';
    // The salon partner's own day price: WA and TG of its branch over 30 days.
    const days = salonPartner ? Math.floor(amount / ((PRICES.WA + PRICES.TG) / 30)) : null;
    const [row] = await tx
      .insert(partnerPayouts)
      .values({
        userId: PARTNERS[payout.code].userId,
        promoCode: payout.code,
        amount,
        currency: 'RUB',
        months: [...new Set(taken.map((t) => t.period))].sort(),
        msg: payout.msg ?? null,
        kind: salonPartner ? 'bonus_days' : 'money',
        days,
        status: payout.paidDaysAgo === null ? 'requested' : 'paid',
        requestedAt: ago(payout.requestedDaysAgo),
        paidAt: payout.paidDaysAgo === null ? null : ago(payout.paidDaysAgo),
      })
      .returning({ id: partnerPayouts.id });
    await tx
      .update(partnerOperations)
      .set({ payoutId: row!.id })
      .where(
        inArray(
          partnerOperations.id,
          taken.map((t) => t.id),
        ),
      );
  }

  await tx.insert(partnerLeads).values(
    LEADS.map((lead) => ({
      promoCode: lead.code,
      userId: PARTNERS[lead.code].userId,
      phone: lead.phone,
      branchName: lead.branchName,
      comment: lead.comment,
      status: lead.status,
      accId: lead.salon ? accIds.get(lead.salon)! : null,
      createdAt: ago(lead.daysAgo),
    })),
  );

  await tx.insert(partnerAdmins).values([
    { promoCode: 'VOLKOV', telegramId: DEMO_PARTNER_ADMIN, name: 'Партнёр-админ', access: true, createdAt: ago(30) },
    { promoCode: 'VOLKOV', telegramId: DENIED_ADMIN, name: 'Стажёр Волкова', access: false, createdAt: ago(10) },
  ]);
}
