import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.js';

export type Channel = 'wa' | 'tg';

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

  async sendTestMessage(phone: string, text: string): Promise<void> {
    await this.page.getByTestId('test-message-phone').fill(phone);
    await this.page.getByTestId('test-message-text').fill(text);
    await this.page.getByTestId('test-message-send').click();
    await expectToast(this.page, 'success');
  }
}
