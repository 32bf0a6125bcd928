import { expect, type Locator, type Page } from '@playwright/test';

// Page object of /accesses: the add form and the active and inactive lists.
export class AccessesPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/accesses?accId=${accId}`);
    await expect(this.page.getByTestId('add-admin-form')).toBeVisible();
  }

  tgId(): Locator {
    return this.page.getByTestId('add-admin-tg-id');
  }

  name(): Locator {
    return this.page.getByTestId('add-admin-name');
  }

  right(right: string): Locator {
    return this.page.getByTestId(`add-admin-right-${right}`);
  }

  card(tgId: number): Locator {
    return this.page.getByTestId(`admin-card-${tgId}`);
  }

  activeList(): Locator {
    return this.page.getByTestId('accesses-active');
  }

  inactiveList(): Locator {
    return this.page.getByTestId('accesses-inactive');
  }

  // Fills the form and submits it with Enter, as a keyboard user would.
  async add(tgId: string, name: string, rights: readonly string[]): Promise<void> {
    await this.tgId().fill(tgId);
    for (const right of rights) await this.right(right).check();
    await this.name().fill(name);
    await this.name().press('Enter');
  }

  // The switch follows the server's answer, so it flips only once the list comes back.
  async setActive(tgId: number, active: boolean): Promise<void> {
    const toggle = this.page.getByTestId(`admin-active-${tgId}`);
    if ((await toggle.isChecked()) !== active) await toggle.click();
    await expect(this.card(tgId)).toHaveAttribute('data-active', String(active));
  }
}
