import { expect, type Page } from '@playwright/test';
import { logLength, pinFor } from './server-log.js';

// Page object of `/`: Telegram id, then the PIN the bot (here: the server log) delivers.
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByTestId('login-telegram-id')).toBeVisible();
  }

  async requestPin(telegramId: string): Promise<number> {
    const since = logLength();
    await this.page.getByTestId('login-telegram-id').fill(telegramId);
    await this.page.getByTestId('login-request-pin').click();
    return since;
  }

  // The fourth digit submits the PIN by itself, as a person sees it.
  async enterPin(pin: string): Promise<void> {
    await this.page.getByTestId('login-pin').fill(pin);
  }

  async loginAs(telegramId: number, query = ''): Promise<void> {
    await this.open(query);
    const since = await this.requestPin(String(telegramId));
    await expect(this.page.getByTestId('login-pin')).toBeVisible();
    await this.enterPin(await pinFor(telegramId, since));
    await expect(this.page).toHaveURL(/\/(accounts|main|connection|partners_program)/);
  }
}
