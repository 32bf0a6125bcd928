import { expect, type Locator, type Page } from '@playwright/test';

// Page object of /blacklist.
export class BlacklistPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/blacklist?accId=${accId}`);
    await expect(this.page.getByTestId('blacklist-input')).toBeVisible();
  }

  input(): Locator {
    return this.page.getByTestId('blacklist-input');
  }

  button(): Locator {
    return this.page.getByTestId('blacklist-add');
  }

  count(): Locator {
    return this.page.getByTestId('blacklist-count');
  }

  row(phone: string): Locator {
    return this.page.getByTestId(`blacklist-row-${phone}`);
  }

  rows(): Locator {
    return this.page.locator('[data-testid^="blacklist-row-"]');
  }

  // The box empties once the number is on the list (it may land on another page of the table).
  async addByEnter(phone: string): Promise<void> {
    await this.input().fill(phone);
    await this.input().press('Enter');
    await expect(this.input()).toHaveValue('');
  }

  async delete(phone: string): Promise<void> {
    await this.page.getByTestId(`blacklist-delete-${phone}`).click();
    await expect(this.row(phone)).toHaveCount(0);
  }
}
