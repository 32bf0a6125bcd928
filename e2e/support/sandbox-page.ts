import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.js';

// Page object of /dev/sandbox: the salon's phone (scan, pairing code, login code) and the clients.
// The page needs a signed-in context and shows one branch: `accId`, else the cabinet's current one.
export class SandboxPage {
  constructor(readonly page: Page) {}

  async open(accId?: number): Promise<void> {
    await this.page.goto(accId === undefined ? '/dev/sandbox' : `/dev/sandbox?accId=${accId}`);
    await expect(this.page.getByTestId('sandbox-rules')).toBeVisible();
  }

  // Without a session the page only asks to sign in.
  async openSignedOut(): Promise<void> {
    await this.page.goto('/dev/sandbox');
    await expect(this.page.getByTestId('sandbox-sign-in')).toBeVisible();
  }

  account(instanceId: string): Locator {
    return this.page.getByTestId(`sandbox-account-${instanceId}`);
  }

  async scan(instanceId: string, phone: string): Promise<void> {
    await this.page.getByTestId(`sandbox-scan-phone-${instanceId}`).fill(phone);
    await this.page.getByTestId(`sandbox-scan-${instanceId}`).click();
    await expectToast(this.page, 'success');
  }

  async loginCode(instanceId: string): Promise<string> {
    const code = this.page.getByTestId(`sandbox-login-code-${instanceId}`);
    await expect(code).toBeVisible();
    return (await code.innerText()).trim();
  }

  async enterPairingCode(code: string): Promise<void> {
    await this.page.getByTestId('sandbox-pairing-code').fill(code);
    await this.page.getByTestId('sandbox-pairing-submit').click();
    await expectToast(this.page, 'success');
  }

  messages(): Locator {
    return this.page.getByTestId('sandbox-message');
  }

  // What reached one client's phone.
  thread(phone: string): Locator {
    return this.page.getByTestId(`sandbox-thread-${phone}`);
  }

  async reply(phone: string, text: string): Promise<void> {
    await this.page.getByTestId('sandbox-reply-phone').fill(phone);
    await this.page.getByTestId('sandbox-reply-text').fill(text);
    await this.page.getByTestId('sandbox-reply-send').click();
    await expectToast(this.page, 'success');
  }
}
