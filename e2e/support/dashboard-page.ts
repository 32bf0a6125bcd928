import { expect, type Locator, type Page } from '@playwright/test';
import { dayText } from './date-text.js';
import { expectToast } from './toast.js';

// The figures the dashboard shows for the period, read from the cards' data-value (the raw numbers).
export interface DashboardNumbers {
  // The activity card: messages sent, bookings they brought, what those earned.
  sent: number;
  bookings: number;
  earned: number;
  // The bot-clients card's total and the bot-earned card's amount.
  botClients: number;
  botEarned: number;
}

// Page object of /main: the dashboard's cards, each with its own call, and the period selector.
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/main?accId=${accId}`);
    await expect(this.page.getByTestId('dashboard')).toBeVisible();
  }

  // A card: tariff, bot-earned, connected, activity, bot-clients, reviews, templates, sendouts, loyalty.
  card(name: string): Locator {
    return this.page.getByTestId(`dashboard-${name}`);
  }

  cardTitle(name: string): Locator {
    return this.page.getByTestId(`dashboard-${name}-title`);
  }

  // Every card has answered (loaded, or empty after a failed call).
  async settled(): Promise<void> {
    await expect(this.page.locator('section[data-testid^="dashboard-"]').first()).toBeVisible();
    await expect(this.page.locator('section[data-testid^="dashboard-"][data-state="loading"]')).toHaveCount(0);
  }

  private async figure(testId: string): Promise<number> {
    const figure = this.page.getByTestId(testId);
    await expect(figure).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
    return Number(await figure.getAttribute('data-value'));
  }

  // The cards these figures are on must have loaded with data (not "no data").
  async numbers(): Promise<DashboardNumbers> {
    await this.settled();
    for (const card of ['activity', 'bot-clients', 'bot-earned']) {
      await expect(this.card(card)).toHaveAttribute('data-state', 'ok');
    }
    return {
      sent: await this.figure('dashboard-activity-sent'),
      bookings: await this.figure('dashboard-activity-bookings'),
      earned: await this.figure('dashboard-activity-earned'),
      botClients: await this.figure('dashboard-bot-clients-total'),
      botEarned: await this.figure('dashboard-bot-earned-amount'),
    };
  }

  async pickPeriod(shortcut: 'last7' | 'last30' | 'currentMonth' | 'previousMonth' | 'currentYear' | 'allTime') {
    await this.page.getByTestId('dashboard-period-shortcuts').click();
    await this.page.getByTestId(`dashboard-period-${shortcut}`).click();
  }

  // How far the page is wider than the window (0: no horizontal scroll).
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }
}

export interface ExistingClientRecord {
  // The client as the picker lists them: "Имя · +79990000000".
  clientName: string;
  clientPhone: string;
  staff: string;
  service: string;
  // 'YYYY-MM-DDTHH:mm' on the branch's clocks.
  start: string;
}

// A further booking of a client already in the local CRM (/dev/crm must be open): what a client who
// got our message does when they come back.
export async function bookExistingClient(page: Page, record: ExistingClientRecord): Promise<void> {
  await page.getByTestId('crm-create').click();
  const form = page.getByTestId('crm-create-form');
  await expect(form).toBeVisible();
  await form.getByTestId('crm-create-client-mode').getByText('Из базы').click();
  const client = form.getByTestId('crm-create-client');
  await expect(client).toBeEnabled();
  await client.click();
  await client.fill(record.clientPhone);
  await page.getByRole('option', { name: new RegExp(`^${record.clientName} · \\+${record.clientPhone}`) }).click();
  await form.getByTestId('crm-create-staff').click();
  await page.getByRole('option', { name: new RegExp(`^${record.staff}`) }).click();
  await form.getByTestId('crm-create-services').click();
  await page.getByRole('option', { name: new RegExp(`^${record.service}`) }).click();
  await form.getByTestId('crm-create-start').fill(record.start);
  await form.getByTestId('crm-create-submit').click();
  await expectToast(page, 'success', 'Запись создана');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('crm-day-input')).toHaveValue(dayText(record.start.slice(0, 10)));
}
