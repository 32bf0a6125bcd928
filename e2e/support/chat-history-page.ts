import { expect, type Locator, type Page } from '@playwright/test';

// Page object of /chat_history.
export class ChatHistoryPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/chat_history?accId=${accId}`);
    await expect(this.page.getByTestId('chat-search')).toBeVisible();
  }

  async search(phone: string): Promise<void> {
    await this.page.getByTestId('chat-search').fill(phone);
    await this.page.getByTestId('chat-search').press('Enter');
  }

  messages(): Locator {
    return this.page.getByTestId('chat-message');
  }
}
