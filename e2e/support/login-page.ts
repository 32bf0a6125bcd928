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

  async enterPin(pin: string): Promise<void> {
    await this.page.getByTestId('login-pin').fill(pin);
    const submit = this.page.getByTestId('login-submit-pin');
    if (await submit.isEnabled().catch(() => false)) await submit.click().catch(() => undefined);
  }

  async loginAs(telegramId: number, query = ''): Promise<void> {
    await this.open(query);
    const since = await this.requestPin(String(telegramId));
    await expect(this.page.getByTestId('login-pin')).toBeVisible();
    await this.enterPin(await pinFor(telegramId, since));
    await this.page.waitForURL(/\/(accounts|main|connection|partners_program)/);
  }
}
