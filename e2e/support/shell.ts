import { expect, type Page } from '@playwright/test';

// Page object of the cabinet shell: branch list, header, menu.
export class Shell {
  constructor(readonly page: Page) {}

  branchCard(accId: number) {
    return this.page.getByTestId(`branch-card-${accId}`);
  }

  async pickBranch(accId: number): Promise<void> {
    await this.branchCard(accId).click();
    await expect(this.page).toHaveURL(new RegExp(`/main\\?.*accId=${accId}`));
  }

  menuItem(key: string) {
    return this.page.getByTestId(`menu-item-${key}`);
  }

  async expectTitle(text: RegExp | string): Promise<void> {
    await expect(this.page.getByTestId('page-title')).toHaveText(text);
  }
}
