import { expect, type Page } from '@playwright/test';

// The integrators drawer and form (header button, mobile menu, /integrators) and the feedback
// modal (apps/web/src/features/support).
export class IntegratorsForm {
  constructor(readonly page: Page) {}

  async openFromHeader(): Promise<void> {
    await this.page.getByTestId('integrators-button').click();
    await expect(this.page.getByTestId('integrators-drawer').getByTestId('integrators-form')).toBeVisible();
  }

  async openFromMobileMenu(): Promise<void> {
    await this.page.getByTestId('menu-burger').click();
    await this.page.getByTestId('menu-integrators-button').click();
    await expect(this.page.getByTestId('integrators-form')).toBeVisible();
  }

  async fill(values: { name: string; phone: string; system: string; service: string; whatsapp: string }) {
    await this.page.getByTestId('integrators-name').fill(values.name);
    await this.page.getByTestId('integrators-phone').fill(values.phone);
    await this.page.getByTestId('integrators-system').fill(values.system);
    await this.page.getByTestId('integrators-service').fill(values.service);
    await this.page.getByTestId('integrators-whatsapp').fill(values.whatsapp);
  }

  async submit(): Promise<void> {
    const sent = this.page.waitForResponse(
      (response) => response.url().includes('/api/integrators_request') && response.request().method() === 'POST',
    );
    await this.page.getByTestId('integrators-submit').click();
    expect((await sent).status()).toBe(200);
  }
}

export class FeedbackModal {
  constructor(readonly page: Page) {}

  get modal() {
    return this.page.getByTestId('feedback-modal');
  }

  async openFromHeader(): Promise<void> {
    await this.page.getByTestId('feedback-button').click();
    await expect(this.page.getByTestId('feedback-text')).toBeVisible();
  }

  async openFromMobileMenu(): Promise<void> {
    await this.page.getByTestId('menu-burger').click();
    await this.page.getByTestId('menu-feedback-button').click();
    await expect(this.page.getByTestId('feedback-text')).toBeVisible();
  }

  sendButton() {
    return this.page.getByTestId('feedback-send');
  }

  async pickReason(reason: 'not_clear' | 'no_result' | 'difficult_setup' | 'not_working'): Promise<void> {
    // A Mantine Chip hides its input; its label is what a person clicks.
    await this.page.getByTestId(`feedback-reason-${reason}`).locator('xpath=following-sibling::label[1]').click();
  }

  async send(): Promise<void> {
    const sent = this.page.waitForResponse(
      (response) => response.url().includes('/api/send_feedback_to_asana') && response.request().method() === 'POST',
    );
    await this.sendButton().click();
    expect((await sent).status()).toBe(200);
  }
}

// No horizontal scroll at this width.
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
