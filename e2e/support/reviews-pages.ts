import { expect, type Locator, type Page } from '@playwright/test';

// Page object of /reviews/all: the chains with their switch, and "New chain".
export class ReviewListPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/reviews/all?accId=${accId}`);
    await expect(this.page.getByTestId('chain-new').first()).toBeVisible();
  }

  async newChain(): Promise<void> {
    await this.page.getByTestId('chain-new').first().click();
    await expect(this.page).toHaveURL(/\/reviews\/new_review\?/);
  }

  row(id: number): Locator {
    return this.page.getByTestId(`chain-row-${id}`);
  }

  async setActive(id: number, active: boolean): Promise<void> {
    const toggle = this.page.getByTestId(`chain-switch-${id}`);
    if ((await toggle.isChecked()) !== active) await toggle.click({ force: true });
    await expect(this.row(id)).toHaveAttribute('data-active', String(active));
  }
}

// Page object of the chain editor (/reviews/new_review, /reviews/one_review).
export class ReviewEditorPage {
  constructor(readonly page: Page) {}

  title(): Locator {
    return this.page.getByTestId('chain-title');
  }

  firstText(): Locator {
    return this.page.getByTestId('first-text');
  }

  negativeText(): Locator {
    return this.page.getByTestId('last-negative');
  }

  // A Telegram id the negative ratings are reported to (Enter adds it, as a person types it).
  async addTelegramAlert(id: string): Promise<void> {
    const input = this.page.getByTestId('tg-alerts-input');
    await input.fill(id);
    await input.press('Enter');
    await expect(this.page.getByTestId('tg-alerts-entries')).toContainText(id);
  }

  async addSite(url: string): Promise<void> {
    await this.page.getByTestId('site-add').click();
    await this.page.getByTestId('site-url-0').fill(url);
  }

  // Saves a new chain; answers its id (from the address the editor moves to).
  async saveNew(): Promise<number> {
    await this.page.getByTestId('editor-save').click();
    await expect(this.page).toHaveURL(/\/reviews\/one_review\?.*id=\d+/);
    const id = Number(new URL(this.page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    return id;
  }
}

// Page object of /reviews/statistics.
export class ReviewStatsPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/reviews/statistics?accId=${accId}`);
    await expect(this.page.getByTestId('review-stats-from')).toBeVisible();
  }

  cell(id: number, column: string): Locator {
    return this.page.getByTestId(`review-stats-row-${id}`).locator(`[data-column="${column}"]`);
  }
}
