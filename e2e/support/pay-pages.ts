import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

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
}

// Settings → General: the branch's phone (the receipt's contact for rouble payments).
export async function setBranchPhone(page: Page, accId: number, phone: string): Promise<void> {
  await page.goto(`/settings?accId=${accId}`);
  await expect(page.getByTestId('settings-form')).toHaveAttribute('data-state', 'success');
  await page.getByTestId('general-phone').fill(phone);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('toast-success')).toBeVisible();
}
