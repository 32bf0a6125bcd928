import { expect, type Locator, type Page } from '@playwright/test';
import { startPageLink } from '@salon/contract/start-page';
import { authHeaders } from './session-token.js';

// Page object of /start_page: the booking-system start page a salon's booking form links to
// (SPEC 2, 4, 5). The client is signed out; the link's branchId and formHash name the salon.
export class StartPage {
  constructor(readonly page: Page) {}

  // `link`: the address from the settings card (any host); opened on the test server.
  async open(link: string): Promise<void> {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`);
  }

  async expectForm(): Promise<void> {
    await expect(this.page.getByTestId('start-page-form')).toBeVisible();
  }

  name(): Locator {
    return this.page.getByTestId('start-page-name');
  }

  phone(): Locator {
    return this.page.getByTestId('start-page-phone');
  }

  submitButton(): Locator {
    return this.page.getByTestId('start-page-submit');
  }

  async choose(method: 'WhatsApp' | 'Звонок' | 'Phone call'): Promise<void> {
    await this.page.getByTestId('start-page-method').getByText(method, { exact: true }).click();
  }

  async fill(name: string, phone: string): Promise<void> {
    await this.name().fill(name);
    await this.phone().fill(phone);
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  success(): Locator {
    return this.page.getByTestId('start-page-success');
  }

  unknownLink(): Locator {
    return this.page.getByTestId('start-page-unknown-link');
  }

  // The bare page's ru/en switch (signed out: nothing is saved on the server).
  async switchLanguage(language: 'ru' | 'en'): Promise<void> {
    await this.page.getByTestId('lang-switch').getByText(language.toUpperCase(), { exact: true }).click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }

  async expectNoHorizontalScroll(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
}

// The settings card's link, read with the owner's session (the API the card uses).
export async function startPageLinkOf(page: Page, accId: number): Promise<string> {
  const answer = await page.request.get(`/api/start_page/link?acc_id=${accId}`, { headers: await authHeaders(page) });
  expect(answer.ok()).toBe(true);
  return startPageLink.parse(await answer.json()).data.url;
}
