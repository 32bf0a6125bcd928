import {
  BONUS_MONTHS,
  INVOICE_STATUSES,
  OPS_STATUS,
  PAY_EXTRA_STATUS,
  PAY_MODULES,
  PAY_PERIODS,
  PAY_STATUS,
  type Invoice,
  type InvoiceStatus,
  type PayModule,
  type PayPeriod,
} from '@salon/contract/payments';
import { isValidInn, KPP_PATTERN } from '@salon/contract/inn-rules';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { PaymentEvents } from '../events.js';
import { extendModules, type BoughtPlan, type BranchPayState } from '../extend.js';
import type { ModulePeriod, PaymentsRepository } from '../repository.js';
import { currencyOf, MODULE_TITLES, type PaymentsService } from '../service.js';
import { longDay, renderInvoicePdf, type InvoiceDocument, type InvoiceSeller } from './pdf.js';
import type { InvoicesRepository, InvoiceWithBranch } from './repository.js';
import { formatRubles } from './sum-in-words.js';

// The buyer's requisites (Settings → invoice data), answered by the settings module through the runtime.
export interface BillDataSource {
  billDataOf(accId: number): Promise<{ inn: string; kpp: string; name: string }>;
}

export interface InvoicesServiceDeps {
  db: Db;
  repo: InvoicesRepository;
  paymentsRepo: PaymentsRepository;
  // Prices a plan with the branch's terms exactly as /calculate_price does.
  pricing: Pick<PaymentsService, 'plan'>;
  billing: BillDataSource;
  seller: InvoiceSeller;
  bot: AdminBotFiles;
  payState: BranchPayState;
  clock: Clock;
  logger: Logger;
  // After the commit that extended a branch's modules: its state and channels follow.
  afterPaid?: (accId: number) => Promise<void>;
  events?: PaymentEvents;
}

export type ModulesPaidTill = Record<PayModule, string | null>;

// Invoices are dated in the seller's zone (a Russian company's books are kept on Moscow time).
const SELLER_TIME_ZONE = 'Europe/Moscow';

interface StoredLine {
  module: PayModule;
  months: number;
  days: number;
  cost: number;
}

// The stored plan is ours (written by create below); read it defensively all the same, as the PDF
// of an old invoice must render whatever was kept.
function storedLines(row: InvoiceWithBranch): StoredLine[] {
  const raw = (row.plan as { modules_cost?: unknown } | null)?.modules_cost;
  const lines = Array.isArray(raw)
    ? raw.filter(
        (l): l is StoredLine =>
          typeof l === 'object' &&
          l !== null &&
          (PAY_MODULES as readonly string[]).includes((l as StoredLine).module) &&
          Number.isFinite((l as StoredLine).cost),
      )
    : [];
  if (lines.length > 0) return lines;
  return [{ module: (row.modules[0] ?? 'TG') as PayModule, months: row.months, days: 0, cost: Number(row.amount) }];
}

export function boughtPlanOf(months: number, modules: readonly string[], plan: unknown): BoughtPlan | null {
  if (!(PAY_PERIODS as readonly number[]).includes(months)) return null;
  const weeks = Number((plan as { bonusWeeks?: unknown } | null)?.bonusWeeks ?? 0);
  return {
    months: months as PayPeriod,
    modules: modules.filter((m): m is PayModule => (PAY_MODULES as readonly string[]).includes(m)),
    bonusWeeks: Number.isInteger(weeks) && weeks >= 0 ? weeks : 0,
  };
}

export function paidTillOf(periods: readonly ModulePeriod[]): ModulesPaidTill {
  const till = (m: PayModule) => periods.find((p) => p.module === m)?.paidTill ?? null;
  return { WA: till('WA'), TG: till('TG'), loyalty: till('loyalty') };
}

export class InvoicesService {
  constructor(private readonly d: InvoicesServiceDeps) {}

  // SPEC 7 /create_invoice: priced as the pay page prices it, for the buyer in the settings; nothing
  // is stored when anything is refused.
  async create(accId: number, months: number, modules: readonly string[]): Promise<Invoice> {
    const plan = await this.d.pricing.plan(accId, months, modules);
    const branch = await this.d.paymentsRepo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    const currency = currencyOf(branch.currency);
    if (currency !== 'RUB') throw errors.invalid(PAY_EXTRA_STATUS.invoiceRubOnly);
    if (plan.full_cost <= 0) throw errors.invalid(PAY_STATUS.notPayable);
    const bill = await this.d.billing.billDataOf(accId);
    const name = bill.name.trim();
    if (!bill.inn || !name) throw errors.invalid(PAY_EXTRA_STATUS.noBillData);
    if (!isValidInn(bill.inn)) throw errors.invalid(PAY_EXTRA_STATUS.innInvalid);
    if (bill.kpp && !KPP_PATTERN.test(bill.kpp)) throw errors.invalid(PAY_EXTRA_STATUS.kppInvalid);
    const created = await this.d.repo.create({
      accId,
      inn: bill.inn,
      kpp: bill.kpp || null,
      name,
      amount: plan.full_cost,
      currency,
      months: plan.months,
      modules: plan.modules,
      plan,
      status: 'issued',
      createdAt: this.d.clock.now(),
    });
    const row = await this.d.repo.ofBranch(accId, created.id);
    return this.wire(row!);
  }

  async list(accId: number): Promise<Invoice[]> {
    return (await this.d.repo.list(accId)).map((row) => this.wire(row));
  }

  async pdf(accId: number, invoiceId: number): Promise<{ fileName: string; bytes: Buffer; row: InvoiceWithBranch }> {
    const row = await this.d.repo.ofBranch(accId, invoiceId);
    if (!row) throw new AppError(404, PAY_EXTRA_STATUS.invoiceNotFound);
    // ASCII: the name goes into a header and into Telegram as is.
    return { fileName: `invoice-${row.number}.pdf`, bytes: await renderInvoicePdf(this.document(row)), row };
  }

  // SPEC 7 /send_invoice_to_tg: the admin bot sends the PDF to the user who asked.
  async sendToTelegram(caller: { accId: number; userId: number }, invoiceId: number): Promise<void> {
    const { fileName, bytes, row } = await this.pdf(caller.accId, invoiceId);
    const caption = `Счёт на оплату № ${row.number} от ${longDay(this.dayOf(row))}, ${formatRubles(Number(row.amount))} руб.`;
    try {
      await this.d.bot.sendDocument(caller.userId, fileName, bytes, caption);
    } catch (err) {
      // Most often the user never pressed Start in the bot, so it may not write to them.
      this.d.logger.warn({ err, userId: caller.userId, invoiceId }, 'admin bot could not send the invoice');
      throw new AppError(409, PAY_EXTRA_STATUS.adminBotMissing);
    }
  }

  // The operator saw the money arrive: the invoice is paid once and its modules extended in the same
  // transaction; a replay answers `applied: false` and changes nothing.
  async markPaid(
    number: string,
    accId?: number,
  ): Promise<{ applied: boolean; invoice: Invoice; modulesPaidTill: ModulesPaidTill }> {
    const row = await this.d.repo.byNumber(number);
    if (!row || (accId !== undefined && row.accId !== accId)) {
      throw new AppError(404, PAY_EXTRA_STATUS.invoiceNotFound);
    }
    if (row.status === 'canceled') throw new AppError(409, OPS_STATUS.invoiceCanceled);
    const plan = boughtPlanOf(row.months, row.modules, row.plan);
    if (!plan || plan.modules.length === 0) throw new Error(`invoice ${row.number} has no plan to apply`);
    const now = this.d.clock.now();
    const branch = await this.d.paymentsRepo.branch(row.accId);
    const today = localDay(now, branch?.timeZone ?? SELLER_TIME_ZONE);
    const applied = await this.d.db.transaction(async (tx) => {
      if (!(await this.d.repo.markPaid(tx, row.id, now))) return false;
      const paymentId = await this.d.repo.recordPayment(tx, row, now);
      await extendModules(tx, this.d.paymentsRepo, this.d.payState, row.accId, plan, today, now);
      await this.d.events?.paid(tx, {
        paymentId,
        accId: row.accId,
        amount: Number(row.amount),
        currency: row.currency,
        paidAt: now,
      });
      return true;
    });
    if (applied) {
      this.d.logger.info({ accId: row.accId, invoice: row.number }, 'invoice recorded paid');
      await this.d.afterPaid?.(row.accId);
    }
    const after = (await this.d.repo.byNumber(number))!;
    const periods = await this.d.paymentsRepo.periods(row.accId);
    return { applied, invoice: this.wire(after), modulesPaidTill: paidTillOf(periods.rows) };
  }

  async numberOf(accId: number, invoiceId: number): Promise<string> {
    const row = await this.d.repo.ofBranch(accId, invoiceId);
    if (!row) throw new AppError(404, PAY_EXTRA_STATUS.invoiceNotFound);
    return row.number;
  }

  private dayOf(row: InvoiceWithBranch): string {
    return localDay(row.createdAt, SELLER_TIME_ZONE);
  }

  private document(row: InvoiceWithBranch): InvoiceDocument {
    const bonusMonths = BONUS_MONTHS[row.months as PayPeriod] ?? 0;
    const bonusWeeks = boughtPlanOf(row.months, row.modules, row.plan)?.bonusWeeks ?? 0;
    const bonus = [bonusMonths > 0 ? `${bonusMonths} мес.` : '', bonusWeeks > 0 ? `${bonusWeeks} нед.` : '']
      .filter(Boolean)
      .join(' и ');
    return {
      number: row.number,
      day: this.dayOf(row),
      seller: this.d.seller,
      buyer: { name: row.name, inn: row.inn, kpp: row.kpp },
      items: storedLines(row).map((line) => ({
        title: `${MODULE_TITLES[line.module]}: доступ к сервису${bonus ? ` (бонус ${bonus})` : ''}`,
        period: `${line.months} мес.${line.days > 0 ? ` + ${line.days} дн.` : ''}`,
        amount: Number(line.cost),
      })),
      total: Number(row.amount),
    };
  }

  private wire(row: InvoiceWithBranch): Invoice {
    const status: InvoiceStatus = (INVOICE_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as InvoiceStatus)
      : 'issued';
    return {
      invoice_id: row.id,
      number: row.number,
      inn: row.inn,
      cost: Number(row.amount),
      currency: currencyOf(row.currency),
      length: row.months,
      modules: row.modules.filter((m): m is PayModule => (PAY_MODULES as readonly string[]).includes(m)),
      pdf_url: `/api/invoice_pdf?acc_id=${row.accId}&invoice_id=${row.id}`,
      branches: [{ branch_id: row.accId, amount: Number(row.amount), name: row.branchName }],
      status,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    };
  }
}
