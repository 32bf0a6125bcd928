import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { authHeaders } from './session-token.js';
import { BillDataPage } from './settings-pages.js';
import { expectToast } from './toast.js';

const LOG = path.join(
  process.env.E2E_TMP_DIR ? path.resolve(process.env.E2E_TMP_DIR) : path.resolve(import.meta.dirname, '..', '.tmp'),
  'server.log',
);

// The server notes each payment the provider's notification cancels: a declined checkout leaves no
// other trace to wait for.
export async function expectLogAfter(since: number, text: string): Promise<void> {
  await expect.poll(() => readFileSync(LOG, 'utf8').slice(since).includes(text), { timeout: 15_000 }).toBe(true);
}

// A money text as a number: "4 470 ₽", "4 470,00 ₽" and "RUB 4,470.00" all read 4470.
export function amountOf(text: string): number {
  const digits = text.replace(/[^\d.,]/g, '');
  const normalized = /,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Number(normalized);
}

export interface PayDataWire {
  pay_date: string | null;
  pay_status: boolean;
  autopay: boolean;
  last_4: string | null;
}

export async function payData(page: Page, accId: number): Promise<PayDataWire> {
  const answer = await page.request.get(`/api/pay?acc_id=${accId}`, { headers: await authHeaders(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as PayDataWire;
}

// The provider's notification follows the payer's redirect back to /pay: wait until the server's
// pay data shows it, then load the page once (a reload loop races the page's own loading).
export async function reloadWhenPayData(
  page: Page,
  accId: number,
  done: (data: PayDataWire) => boolean,
): Promise<void> {
  await expect.poll(async () => done(await payData(page, accId)), { timeout: 30_000 }).toBe(true);
  await page.reload();
}

// Page object of /pay: the subscription header, the month cards, the modules and the price block.
export class PayPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/pay?accId=${accId}`);
    await expect(this.status()).toBeVisible();
  }

  status(): Locator {
    return this.page.getByTestId('pay-status-state');
  }

  period(months: number): Locator {
    return this.page.getByTestId(`pay-period-${months}`);
  }

  module(module: 'WA' | 'TG' | 'loyalty'): Locator {
    return this.page.getByTestId(`pay-module-${module}`);
  }

  price(): Locator {
    return this.page.getByTestId('pay-price');
  }

  total(): Locator {
    return this.page.getByTestId('pay-price-total');
  }

  newTill(): Locator {
    return this.page.getByTestId('pay-price-new-till');
  }

  async choose(months: number, modules: readonly ('WA' | 'TG' | 'loyalty')[]): Promise<void> {
    await this.period(months).click();
    for (const module of ['WA', 'TG', 'loyalty'] as const) {
      const box = this.module(module);
      const want = modules.includes(module);
      if ((await box.getAttribute('aria-checked')) !== String(want)) await box.click();
      await expect(box).toHaveAttribute('aria-checked', String(want));
    }
    await expect(this.price()).toHaveAttribute('data-loading', 'false');
    await expect(this.total()).toBeVisible();
  }

  // The new paid-till day as the price block writes it.
  async newTillDay(): Promise<string> {
    const text = (await this.newTill().textContent()) ?? '';
    const day = /\d{2}\.\d{2}\.\d{4}|\d{2}\/\d{2}\/\d{4}/.exec(text)?.[0];
    if (!day) throw new Error(`no date in the price block: ${text}`);
    return day;
  }

  async pay(): Promise<void> {
    await this.page.getByTestId('pay-submit').click();
  }

  // --- Autopay (SPEC 4: connect through a link in a modal, disable through a confirm modal) ---

  // "Автоплатёж подключён, карта •••• 4242" or "Автоплатёж не подключён".
  autopay(): Locator {
    return this.page.getByTestId('pay-autopay');
  }

  autopaySchedule(): Locator {
    return this.page.getByTestId('pay-autopay-schedule');
  }

  // Opens the modal that explains the card check and goes on to the provider's checkout.
  async connectAutopay(): Promise<void> {
    await this.page.getByTestId('autopay-connect').click();
    const modal = this.page.getByTestId('autopay-link-modal');
    await expect(modal).toHaveAttribute('data-kind', 'connect');
    await expect(modal.getByTestId('autopay-binding-amount')).toBeVisible();
    await modal.getByTestId('autopay-link-continue').click();
  }

  async turnAutopayOff(): Promise<void> {
    await this.page.getByTestId('autopay-off').click();
    const modal = this.page.getByTestId('autopay-off-modal');
    await expect(modal).toBeVisible();
    await modal.getByTestId('autopay-off-confirm').click();
    await expectToast(this.page, 'success');
    await expect(modal).toBeHidden();
  }

  // --- Invoices for legal entities ---

  // Opens the invoice modal for the period and modules chosen with choose().
  async openInvoice(): Promise<InvoiceModal> {
    await this.page.getByTestId('pay-invoice').click();
    const modal = new InvoiceModal(this.page);
    await expect(modal.root()).toBeVisible();
    return modal;
  }

  invoiceRows(): Locator {
    return this.page.getByTestId('pay-invoices-section').getByTestId('invoice-row');
  }

  invoiceRow(number: string): Locator {
    return this.page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
  }

  // Downloads an invoice from the list through the browser's download.
  async downloadInvoice(number: string): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.invoiceRow(number).getByTestId('invoice-row-download').click();
    return download;
  }
}

// The invoice modal: the buyer and what is bought, then the created invoice with its actions.
export class InvoiceModal {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('invoice-modal');
  }

  draft(): Locator {
    return this.root().getByTestId('invoice-draft');
  }

  noBillData(): Locator {
    return this.root().getByTestId('invoice-no-bill-data');
  }

  async create(): Promise<void> {
    await this.draft().getByTestId('invoice-create').click();
    await expect(this.root().getByTestId('invoice-details')).toBeVisible();
  }

  // The number printed on the invoice ("Счёт № 1002-1" → "1002-1").
  async number(): Promise<string> {
    const text = (await this.root().getByTestId('invoice-number').textContent()) ?? '';
    const number = /№\s*(\S+)|No\.\s*(\S+)/.exec(text);
    const value = number?.[1] ?? number?.[2];
    if (!value) throw new Error(`no invoice number in: ${text}`);
    return value;
  }

  total(): Locator {
    return this.root().getByTestId('invoice-total');
  }

  item(module: 'WA' | 'TG' | 'loyalty'): Locator {
    return this.root().getByTestId(`invoice-item-${module}`);
  }

  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.root().getByTestId('invoice-download').click();
    return download;
  }

  async close(): Promise<void> {
    await this.root().getByTestId('invoice-close').click();
    await expect(this.root()).toBeHidden();
  }
}

// Settings → billing data: the buyer's requisites an invoice is issued to.
export async function fillBillData(
  page: Page,
  accId: number,
  data: { inn: string; kpp: string; name: string },
): Promise<void> {
  const bill = new BillDataPage(page);
  await bill.open(accId);
  await bill.inn().fill(data.inn);
  await page.getByTestId('bill-kpp').fill(data.kpp);
  await bill.name().fill(data.name);
  await bill.save();
  await bill.expectSaved();
}

// The sandbox provider's checkout page (server-rendered, no test ids: what a payer sees).
export class SandboxCheckoutPage {
  constructor(readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
    await expect(this.page.locator('.sum')).toBeVisible();
  }

  async amount(): Promise<number> {
    return amountOf((await this.page.locator('.sum').textContent()) ?? '');
  }

  async pay(): Promise<void> {
    await this.page.locator('button[value="pay"]').click();
  }

  async decline(): Promise<void> {
    await this.page.locator('button[value="decline"]').click();
  }
}

// Page object of /history.
export class HistoryPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/history?accId=${accId}`);
    await expect(this.page.getByTestId('history')).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId('history-row');
  }

  cell(row: Locator, column: 'date' | 'modules' | 'type' | 'amount' | 'period' | 'receipt'): Locator {
    return row.locator(`[data-column="${column}"]`);
  }

  // The receipt button of a row; after a click its cell says idle, loading, notReady or blocked.
  receipt(row: Locator): Locator {
    return row.getByTestId('history-receipt');
  }

  receiptCell(row: Locator): Locator {
    return row.getByTestId('history-receipt-cell');
  }
}

// Settings → General: the branch's phone (the receipt's contact for rouble payments).
export async function setBranchPhone(page: Page, accId: number, phone: string): Promise<void> {
  await page.goto(`/settings?accId=${accId}`);
  await expect(page.getByTestId('settings-form')).toHaveAttribute('data-state', 'success');
  await page.getByTestId('general-phone').fill(phone);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('toast-success')).toBeVisible();
}
