import { expect, type Page } from '@playwright/test';

// The header's ru/en switch; a signed-in switch is saved on the server (POST /user/lang).
export class LanguageSwitch {
  constructor(readonly page: Page) {}

  async expectLanguage(language: 'ru' | 'en'): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
    await expect(this.page.getByTestId('lang-switch').locator('input:checked')).toHaveValue(language);
  }

  async switchTo(language: 'ru' | 'en'): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) => response.url().includes('/user/lang') && response.request().method() === 'POST',
    );
    await this.page.getByTestId('lang-switch').getByText(language.toUpperCase(), { exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await this.expectLanguage(language);
  }
}
