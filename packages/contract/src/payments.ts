import { z } from 'zod';

// SPEC 3 "Pay data", "calculate_price", "Payment history"; SPEC 7 "Payments" (main host /api);
// SPEC 9 periods, bonus months and weeks, discount, currencies, modules.
//
//   GET  /api/pay?acc_id[&tg=1]                              → payData
//   POST /api/calculate_price?acc_id&months   {modules}      → priceCalculation
//   POST /api/get_link?acc_id&months          {modules}      → a URL string (the provider's checkout)
//   GET  /api/payment_history?acc_id                         → paymentHistory
//   POST /api/payments/webhook/<provider>     (the provider's notification; no session)
//   GET  /api/payments/sandbox/checkout/<id>  (the sandbox provider's checkout page; no session)
//
// Pricing (our reading of SPEC 3/9, the same in cabinet and server — see priceFor below):
// - A branch pays per module (WA, TG, loyalty) per month; WA is priced as TG.
// - Periods 1, 3, 6, 12 months; each gives bonus months 0, 1, 3, 8 (the 6 months card is tagged most
//   popular) and the branch's bonus weeks for that period (bonus_week), added free to the paid-till date.
// - The branch's discount (a fraction, shown ×100) comes off the whole cost.
// - USD drops the 1-month period and rounds to 0.1; RUB rounds to whole units.
// - All chosen modules end on one new paid-till date: from the latest paid-till among them (or today),
//   plus months + bonus months + bonus weeks. A module that ends earlier pays for its extra days at the
//   day price (module price per month / 30) on top of the period.
// - Each module's cost is rounded on its own and the full cost is their sum, so the 54-FZ receipt's
//   items (one per module) add up to the amount charged.
// - Refusals answer 400 with a PAY_STATUS text: unknown period (USD: 1 month too), no modules, unknown
//   module; get_link also with no receipt contact (a rouble payment needs the branch's phone in the
//   general settings) and 502 when the provider fails.

export const PAY_MODULES = ['WA', 'TG', 'loyalty'] as const;
export type PayModule = (typeof PAY_MODULES)[number];
export const PAY_PERIODS = [1, 3, 6, 12] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];
export const BONUS_MONTHS: Record<PayPeriod, number> = { 1: 0, 3: 1, 6: 3, 12: 8 };
export const MOST_POPULAR_PERIOD: PayPeriod = 6;
export const PAY_CURRENCIES = ['RUB', 'USD'] as const;
export type PayCurrency = (typeof PAY_CURRENCIES)[number];
// SPEC 9 "minimal month threshold": the shortest period a USD branch may buy (it drops the 1-month option).
export const MINIMAL_MONTHS_USD = 3;
export const DAYS_IN_PRICE_MONTH = 30;

// Default price list per module per month (the installation's PAY_PRICES overrides it).
export const DEFAULT_MODULE_PRICES: Record<PayCurrency, Record<PayModule, number>> = {
  RUB: { WA: 1490, TG: 1490, loyalty: 990 },
  USD: { WA: 19, TG: 19, loyalty: 12 },
};

export function periodsFor(currency: PayCurrency): PayPeriod[] {
  return PAY_PERIODS.filter((m) => currency !== 'USD' || m >= MINIMAL_MONTHS_USD);
}

export function roundMoney(value: number, currency: PayCurrency): number {
  return currency === 'USD' ? Math.round(value * 10) / 10 : Math.round(value);
}

// The period is checked by the server against the branch's currency (USD has no 1 month), and the
// modules one by one, so each refusal answers its own status text (PAY_STATUS).
export const monthsQuery = z.object({ months: z.coerce.number().int() });
export const modulesBody = z.object({ modules: z.array(z.string().max(32)).max(8) });
export const payTgQuery = z.object({ tg: z.string().max(8).optional() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const perPeriod = z.object({ 1: z.number(), 3: z.number(), 6: z.number(), 12: z.number() });

// SPEC 3 Pay data (wire names kept).
export const payData = z.object({
  pay_status: z.boolean(),
  // The branch's paid-till day (the latest of its modules), or null.
  pay_date: day.nullable(),
  branch_employees: z.number().int(),
  // The monthly amount for the active modules.
  amount: z.number(),
  bonus_week: perPeriod,
  month_cost: perPeriod,
  // Fraction 0…1 (the cabinet shows ×100).
  discount: z.number().min(0).max(1),
  autopay: z.boolean(),
  create_bill: z.boolean(),
  modules_price: z.object({ TG: z.number(), loyalty: z.number(), WA: z.number() }),
  active_modules: z.array(z.enum(PAY_MODULES)),
  last_pay_length: z.number().int().nullable(),
  last_4: z.string().nullable(),
  currency: z.enum(PAY_CURRENCIES),
  is_test_period: z.boolean(),
  tg_test_period: z.boolean(),
  tg_pay_date: day.nullable(),
  receipt: z.boolean(),
  // Each module's own paid-till day (null: never paid).
  modules_paid_till: z.object({ WA: day.nullable(), TG: day.nullable(), loyalty: day.nullable() }),
});
export type PayData = z.infer<typeof payData>;

export const moduleCost = z.object({
  module: z.enum(PAY_MODULES),
  months: z.number().int(),
  // Extra days bought to reach the common paid-till date.
  days: z.number().int(),
  cost: z.number(),
});
export const priceCalculation = z.object({
  full_cost: z.number(),
  modules_cost: z.array(moduleCost),
  // The paid-till day after this payment.
  new_data_if_pay_days: day,
});
export type PriceCalculation = z.infer<typeof priceCalculation>;

export const PAYMENT_TYPES = ['card', 'autopay', 'invoice', 'bonus'] as const;
export const paymentHistoryRow = z.object({
  date: z.string(),
  modules: z.array(z.enum(PAY_MODULES)),
  type: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  currency: z.enum(PAY_CURRENCIES),
  // Months bought (bonus not included).
  period: z.number().int(),
  receipt: z
    .object({
      receipt_link: z.string().nullable(),
      payment_id: z.string(),
      fiscal_number: z.string().nullable(),
      upd_url: z.string().nullable(),
    })
    .nullable(),
  // When the payment was refunded (an operator's refund), absent or null otherwise.
  refunded_at: z.string().nullable().optional(),
});
export const paymentHistory = z.object({ data: z.array(paymentHistoryRow) });
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRow>;

// Status texts of refused calls (the cabinet maps each to a message).
export const PAY_STATUS = {
  unknownPeriod: 'Unknown period',
  noModules: 'No modules',
  unknownModule: 'Unknown module',
  providerFailed: 'Payment provider unavailable',
  // 54-FZ: a rouble payment's receipt goes to the branch's phone (Settings → General).
  noReceiptContact: 'No receipt contact',
  notPayable: 'Nothing to pay',
} as const;

// SPEC 8: a pay link that is not a valid URL is an error.
export function isPayLink(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// --- Pricing (pure; the cabinet shows the same numbers the server charges) ---

export type PayStatusKey = keyof typeof PAY_STATUS;
export type ModulePrices = Record<PayModule, number>;
export type BonusWeeks = Record<PayPeriod, number>;

export interface PriceInput {
  currency: PayCurrency;
  // Per module per month; WA is charged at the TG price whatever this says.
  prices: ModulePrices;
  // Fraction 0…1.
  discount: number;
  bonusWeeks: BonusWeeks;
  months: number;
  modules: readonly string[];
  // The branch-local day (YYYY-MM-DD).
  today: string;
  // Each module's current paid-till day (inclusive), absent or null when never paid.
  paidTill: Partial<Record<PayModule, string | null>>;
}

export interface PricePlan extends PriceCalculation {
  months: PayPeriod;
  modules: PayModule[];
  // The day the bought period starts from (the latest paid-till among the modules, or today).
  start: string;
  bonusMonths: number;
  bonusWeeks: number;
}

export function isPayModule(value: string): value is PayModule {
  return (PAY_MODULES as readonly string[]).includes(value);
}

// Why a request cannot be priced, or null: the caller answers PAY_STATUS[key].
export function pricingRefusal(input: Pick<PriceInput, 'currency' | 'months' | 'modules'>): PayStatusKey | null {
  if (!(periodsFor(input.currency) as number[]).includes(input.months)) return 'unknownPeriod';
  if (input.modules.length === 0) return 'noModules';
  if (!input.modules.every(isPayModule)) return 'unknownModule';
  return null;
}

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}
function formatDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

// Calendar months: the 31st of January plus one month is the last day of February.
export function addMonthsToDay(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return formatDay(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}
export function addDaysToDay(day: string, days: number): string {
  const { y, m, d } = parseDay(day);
  return formatDay(new Date(Date.UTC(y, m - 1, d + days)));
}
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}
const maxDay = (a: string, b: string) => (a >= b ? a : b);

// The common new paid-till day of the chosen modules, from `start` (months + bonus months + weeks).
export function paidTillAfter(start: string, months: PayPeriod, bonusWeeks: number): string {
  return addDaysToDay(addMonthsToDay(start, months + BONUS_MONTHS[months]), bonusWeeks * 7);
}

// One module's cost: the months at its price, the extra days to the common start at the day price,
// less the discount, rounded per currency. The full cost is the sum of these (the receipt's items add
// up to the amount charged).
export function priceFor(input: PriceInput): PricePlan {
  const refusal = pricingRefusal(input);
  if (refusal) throw new Error(PAY_STATUS[refusal]);
  const months = input.months as PayPeriod;
  const modules = [...new Set(input.modules as PayModule[])].sort(
    (a, b) => PAY_MODULES.indexOf(a) - PAY_MODULES.indexOf(b),
  );
  const price = (module: PayModule) => (module === 'WA' ? input.prices.TG : input.prices[module]);
  const ownStart = (module: PayModule) => maxDay(input.paidTill[module] ?? input.today, input.today);
  const start = modules.map(ownStart).reduce(maxDay);
  const bonusWeeks = input.bonusWeeks[months] ?? 0;
  const discount = Math.min(Math.max(input.discount, 0), 1);
  const modulesCost = modules.map((module) => {
    const days = daysBetween(ownStart(module), start);
    const raw = months * price(module) + (days * price(module)) / DAYS_IN_PRICE_MONTH;
    return { module, months, days, cost: roundMoney(raw * (1 - discount), input.currency) };
  });
  return {
    full_cost: roundMoney(
      modulesCost.reduce((sum, m) => sum + m.cost, 0),
      input.currency,
    ),
    modules_cost: modulesCost,
    new_data_if_pay_days: paidTillAfter(start, months, bonusWeeks),
    months,
    modules,
    start,
    bonusMonths: BONUS_MONTHS[months],
    bonusWeeks,
  };
}

// --- Autopay and dunning (SPEC 7 /autopay_link, /change_card, /autopay_off; issue 16 item 3) ---

// Days are counted from the paid-till day D (the latest of the autopay modules, inclusive):
// the owner is warned the day before the first try; tries at D-3, D-1 and D+1 (three tries over
// five days); after each failure the owner is told when the next try is; the grace lasts until
// D+GRACE_DAYS, then the unpaid channel modules go `no_pay` until a payment lands.
export const AUTOPAY_RULES = {
  warnDaysBefore: 4,
  tryOffsetsDays: [-3, -1, 1],
  graceDays: 3,
} as const;

// Binding a card (and changing it) is a small payment that saves the method and is refunded at
// once; it buys nothing and is not shown in the history.
export const CARD_BINDING_AMOUNT: Record<PayCurrency, number> = { RUB: 1, USD: 1 };

//   GET  /api/autopay_link?acc_id   → a URL string (the provider's checkout of the card binding)
//   GET  /api/change_card?acc_id    → a URL string (the same, keeping the autopay plan)
//   POST /api/autopay_off?acc_id    → autopayOff (the saved card is forgotten, nothing is charged)
// Refusals: 400 PAY_STATUS.notPayable (nothing to renew: no active module and no payment yet),
// 400 PAY_STATUS.noReceiptContact, 502 PAY_STATUS.providerFailed.
export const autopayOff = z.object({ ok: z.literal(true), autopay: z.literal(false) });
export type AutopayOff = z.infer<typeof autopayOff>;

// A module's standing on a branch-local day (see gateOf on the server): paid (paid till today or
// later), grace (the paid time ended at most graceDays ago: still usable), lapsed (the grace is
// over: its channel is `no_pay`, a loyalty action cannot go on), unpaid (never paid).
export const MODULE_STANDINGS = ['paid', 'grace', 'lapsed', 'unpaid'] as const;
export type ModuleStanding = (typeof MODULE_STANDINGS)[number];

// --- Invoices for legal entities (SPEC 3 Invoice, SPEC 7 /create_invoice, /send_invoice_to_tg) ---
//   POST /api/create_invoice?acc_id&months  {modules}  → invoice (400 PAY_STATUS / PAY_EXTRA_STATUS)
//   GET  /api/invoices?acc_id                          → invoiceList, newest first
//   GET  /api/invoice_pdf?acc_id&invoice_id            → application/pdf attachment (404 invoiceNotFound)
//   POST /api/send_invoice_to_tg?acc_id&invoice_id     → invoiceSent (404 invoiceNotFound, 409 adminBotMissing)
//   POST /api/get_missing_receipt?acc_id&date&amount {fiscal_number, payment_id} → missingReceipt
//        (404 receiptNotFound, 502 providerFailed also on the RECEIPT_TIMEOUT_MS time-out)

export const invoiceIdQuery = z.object({ invoice_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const INVOICE_STATUSES = ['issued', 'paid', 'canceled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

// SPEC 3 Invoice (wire names kept) plus its number, status, currency and paid day.
export const invoice = z.object({
  invoice_id: z.number().int(),
  // The human number printed on the PDF («Счёт № …»).
  number: z.string(),
  inn: z.string(),
  cost: z.number(),
  currency: z.enum(PAY_CURRENCIES),
  // Months bought (bonus not included).
  length: z.number().int(),
  modules: z.array(z.enum(PAY_MODULES)),
  // The PDF, downloadable by the branch's members (a cabinet-relative API path).
  pdf_url: z.string(),
  branches: z.array(z.object({ branch_id: z.number().int(), amount: z.number(), name: z.string() })),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = z.object({ data: z.array(invoice) });

// --- Receipts (SPEC 7 /get_missing_receipt; 10 s time-out on the cabinet's side) ---

export const missingReceiptBody = z.object({
  fiscal_number: z.string().max(64).nullable(),
  // The provider's payment id, as the history's receipt gives it.
  payment_id: z.string().regex(/^[\w-]{1,64}$/),
});
export const missingReceiptQuery = z.object({
  date: z.string().max(40),
  amount: z.coerce.number().nonnegative(),
});
// `url`: where the receipt can be opened now; null while the fiscal service has not issued it yet.
export const missingReceipt = z.object({ url: z.string().nullable() });
export const RECEIPT_TIMEOUT_MS = 10_000;

// Statuses of refused autopay/invoice calls, next to PAY_STATUS (the cabinet maps each to a message).
export const PAY_EXTRA_STATUS = {
  noBillData: 'No bill data',
  innInvalid: 'INN is not valid',
  invoiceNotFound: 'Invoice not found',
  adminBotMissing: 'Admin bot not connected',
  receiptNotFound: 'Receipt not found',
  kppInvalid: 'KPP is not valid',
  // Invoices for legal entities are in roubles (pay data's create_bill is false for USD).
  invoiceRubOnly: 'Invoices are in roubles only',
} as const;

// POST /api/send_invoice_to_tg?acc_id&invoice_id: the admin bot sent the PDF to the caller.
export const INVOICE_SENT_STATUS = 'Invoice sent' as const;
export const invoiceSent = z.object({ ok: z.literal(true), status: z.literal(INVOICE_SENT_STATUS) });

// --- Operator calls (POST /api/ops/*, bearer OPS_TOKEN; 404 while OPS_TOKEN is unset) ---
//   POST /api/ops/invoice_paid {number}      → opsInvoicePaid (applied false: it was paid before)
//   POST /api/ops/refund       {payment_id}  → opsRefund (refunded false: it was refunded before)
// payment_id: our payment's number or the provider's payment id (as the history's receipt shows it).
export const opsInvoicePaidBody = z.object({ number: z.string().regex(/^\d{1,12}$/) });
export const opsRefundBody = z.object({ payment_id: z.string().regex(/^[\w-]{1,64}$/) });
const modulesPaidTill = z.object({ WA: day.nullable(), TG: day.nullable(), loyalty: day.nullable() });
export const opsInvoicePaid = z.object({
  ok: z.literal(true),
  applied: z.boolean(),
  invoice: invoice,
  modules_paid_till: modulesPaidTill,
});
export const opsRefund = z.object({
  ok: z.literal(true),
  refunded: z.boolean(),
  payment_id: z.number().int(),
  amount: z.number(),
  refunded_at: z.string(),
  modules_paid_till: modulesPaidTill,
});
export const OPS_STATUS = {
  paymentNotFound: 'Payment not found',
  notRefundable: 'Payment is not refundable',
  invoiceCanceled: 'Invoice is canceled',
} as const;
