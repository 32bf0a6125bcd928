import { expect, type Locator, type Page } from '@playwright/test';

// Page object of /chat_history: the inbox list, a conversation's thread and its reply box, and the
// phone search.
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

  // The inbox entry of one client's number.
  conversation(phone: string): Locator {
    return this.page.locator(`[data-testid="chat-conversation-item"][data-phone="${phone}"]`);
  }

  thread(): Locator {
    return this.page.getByTestId('chat-thread');
  }

  async reply(text: string): Promise<void> {
    await this.page.getByTestId('chat-reply-text').fill(text);
    await this.page.getByTestId('chat-reply-send').click();
    await expect(this.page.getByTestId('chat-reply-text')).toHaveValue('');
  }
}
