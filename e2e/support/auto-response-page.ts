import { expect, type Locator, type Page } from '@playwright/test';
import { expectToastAfter } from './toast.js';

// Page object of /auto_response: the key phrase cards (by position) and their actions.
export class AutoResponsePage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/auto_response?accId=${accId}`);
    await expect(this.page.getByTestId('key-phrase-list').or(this.page.getByTestId('key-phrase-empty'))).toBeVisible();
  }

  card(index: number): Locator {
    return this.page.getByTestId(`key-phrase-card-${index}`);
  }

  // Adds an empty card at the end; answers its position.
  async addCard(): Promise<number> {
    const cards = await this.page.locator('[data-testid^="key-phrase-card-"]').count();
    const empty = this.page.getByTestId('key-phrase-add-empty');
    if (await empty.isVisible()) await empty.click();
    else await this.page.getByTestId('key-phrase-add').click();
    await expect(this.card(cards)).toBeVisible();
    return cards;
  }

  async addWord(index: number, word: string): Promise<void> {
    const input = this.page.getByTestId(`key-phrase-words-${index}`);
    await input.fill(word);
    await input.press('Enter');
    await expect(
      this.card(index).getByTestId(`key-phrase-words-${index}-chip`).filter({ hasText: word }),
    ).toBeVisible();
  }

  async fileReply(index: number, file: { name: string; mimeType: string; buffer: Buffer }, caption: string) {
    await this.page.getByTestId(`key-phrase-type-${index}-file`).click();
    await this.page.getByTestId(`key-phrase-file-${index}-input`).setInputFiles(file);
    await expect(this.page.getByTestId(`key-phrase-file-${index}-name`)).toContainText(file.name);
    await this.page.getByTestId(`key-phrase-reply-${index}`).fill(caption);
  }

  async textReply(index: number, text: string): Promise<void> {
    await this.page.getByTestId(`key-phrase-reply-${index}`).fill(text);
  }

  async save(index: number, toast: string): Promise<void> {
    await expectToastAfter(this.page, 'success', toast, () =>
      this.page.getByTestId(`key-phrase-save-${index}`).click(),
    );
    await expect(this.card(index)).toHaveAttribute('data-phrase-id', /^\d+$/);
  }

  async switchOff(index: number): Promise<void> {
    const toggle = this.page.getByTestId(`key-phrase-active-${index}`);
    if (await toggle.isChecked()) await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
  }
}
