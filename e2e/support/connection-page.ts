import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.js';

export type Channel = 'wa' | 'tg';
// The salon's own bots (issue 19), by their wire codes.
export type BotCode = 'TGB' | 'MAX';

// Page object of /connection: the WhatsApp and Telegram tabs, their login flows, the test message.
export class ConnectionPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/connection?accId=${accId}`);
    await expect(this.status('wa')).toBeVisible();
  }

  status(channel: Channel): Locator {
    return this.page.getByTestId(`${channel}-status`);
  }

  async expectState(channel: Channel, state: string, timeout = 20_000): Promise<void> {
    await expect(this.status(channel)).toHaveAttribute('data-state', state, { timeout });
  }

  async acceptRegistryConsent(): Promise<void> {
    await this.page.getByTestId('registry-consent-accept').click();
    await expect(this.page.getByTestId('registry-consent')).toBeHidden();
  }

  async tab(channel: Channel): Promise<void> {
    await this.page.getByTestId(`connection-tab-${channel}`).click();
    await expect(this.status(channel)).toBeVisible();
  }

  // The QR payload the page shows (data-qr), as the sandbox phone scans it.
  async qrPayload(): Promise<string> {
    const qr = this.page.getByTestId('wa-qr');
    await expect(qr).toBeVisible();
    return (await qr.getAttribute('data-qr')) ?? '';
  }

  async requestPairingCode(phone: string): Promise<string> {
    if (!(await this.page.getByTestId('wa-pairing-phone').isVisible())) {
      await this.page.getByTestId('wa-method-pairing').click();
    }
    await this.page.getByTestId('wa-pairing-phone').fill(phone);
    await this.page.getByTestId('wa-pairing-submit').click();
    const code = this.page.getByTestId('wa-pairing-code');
    await expect(code).toBeVisible();
    return (await code.getAttribute('data-code')) ?? '';
  }

  async telegramPhone(phone: string): Promise<void> {
    await this.page.getByTestId('tg-phone').fill(phone);
    await this.page.getByTestId('tg-phone-submit').click();
    await expect(this.page.getByTestId('tg-code')).toBeVisible();
  }

  async telegramCode(code: string): Promise<void> {
    await this.page.getByTestId('tg-code').fill(code);
    await this.page.getByTestId('tg-code-submit').click();
  }

  async telegramPassword(password: string): Promise<void> {
    await this.page.getByTestId('tg-password').fill(password);
    await this.page.getByTestId('tg-password-submit').click();
  }

  botStatus(code: BotCode): Locator {
    return this.page.getByTestId(`${code.toLowerCase()}-status`);
  }

  async botTab(code: BotCode): Promise<void> {
    await this.page.getByTestId(`connection-tab-${code}`).click();
    await expect(this.botStatus(code)).toBeVisible();
  }

  async expectBotState(code: BotCode, state: string, timeout = 20_000): Promise<void> {
    await expect(this.botStatus(code)).toHaveAttribute('data-state', state, { timeout });
  }

  // Types the token and presses Enter (the form submits by keyboard); opens the bot's tab first.
  async submitBotToken(code: BotCode, token: string): Promise<void> {
    await this.botTab(code);
    const input = this.page.getByTestId(`bot-token-input-${code}`);
    await input.fill(token);
    await input.press('Enter');
  }

  async connectBot(code: BotCode, token: string): Promise<void> {
    await this.submitBotToken(code, token);
    await this.expectBotState(code, 'authenticated');
    await expectToast(this.page, 'success');
  }

  botError(code: BotCode): Locator {
    return this.page.getByTestId(`bot-error-${code}`);
  }

  botLink(code: BotCode): Locator {
    return this.page.getByTestId(`bot-link-${code}`);
  }

  // "Linked clients: N" of a connected bot.
  async linkedClients(code: BotCode): Promise<number> {
    const linked = this.page.getByTestId(`bot-linked-${code}`);
    await expect(linked).toBeVisible();
    return Number(await linked.getAttribute('data-count'));
  }

  async disconnectBot(code: BotCode): Promise<void> {
    await this.page.getByTestId(`bot-disconnect-${code}`).click();
    await this.page.getByTestId('action-confirm').click();
    await this.expectBotState(code, 'noConnect');
  }

  // The bot tab's own test box, pinned to the bot.
  async sendBotTestMessage(code: BotCode, phone: string, text: string): Promise<void> {
    await this.page.getByTestId(`test-message-phone-${code}`).fill(phone);
    await this.page.getByTestId(`test-message-text-${code}`).fill(text);
    await this.page.getByTestId(`test-message-send-${code}`).click();
    await expectToast(this.page, 'success');
  }

  async sendTestMessage(phone: string, text: string): Promise<void> {
    await this.page.getByTestId('test-message-phone').fill(phone);
    await this.page.getByTestId('test-message-text').fill(text);
    await this.page.getByTestId('test-message-send').click();
    await expectToast(this.page, 'success');
  }
}
