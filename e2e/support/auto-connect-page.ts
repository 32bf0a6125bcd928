import { expect, type Locator, type Page } from '@playwright/test';

export interface AutoConnectAnswers {
  salonName: string;
  // One of the form's emojis ('🌸').
  emoji: string;
  address: string;
  salonPhone: string;
  ownerPhone: string;
  // The option's label as the page shows it ('Больше года').
  waAge: string;
  links: string[];
  telegramId: string;
}

// Page objects of /auto_connect_form (the request of a wizard) and /auto_connect (the wizard itself,
// SPEC 2, 3, 4): a new salon of a booking system connects itself.
export class AutoConnectRequestPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/auto_connect_form${query}`);
    await expect(this.page.getByTestId('auto-connect-request')).toBeVisible();
  }

  // The booking system's option as the page shows it, and the company's id in it.
  async request(crmLabel: string, companyId: number): Promise<void> {
    await this.page.getByTestId('auto-connect-request-crm').click();
    await this.page.getByRole('option', { name: crmLabel, exact: true }).click();
    await this.page.getByTestId('auto-connect-request-company').fill(String(companyId));
    await this.page.getByTestId('auto-connect-request-submit').click();
  }
}

export class AutoConnectWizardPage {
  constructor(readonly page: Page) {}

  wizard(): Locator {
    return this.page.getByTestId('auto-connect-wizard');
  }

  async expectStep(step: number): Promise<void> {
    await expect(this.wizard()).toHaveAttribute('data-step', String(step));
  }

  stepTitle(): Locator {
    return this.page.getByTestId('auto-connect-step-title');
  }

  error(field: string): Locator {
    return this.page.getByTestId(`auto-connect-error-${field}`);
  }

  async next(): Promise<void> {
    await this.page.getByTestId('auto-connect-next').click();
  }

  async back(): Promise<void> {
    await this.page.getByTestId('auto-connect-back').click();
  }

  // Steps 1…8 with the answers; the promo step is passed without a code.
  async fillAll(answers: AutoConnectAnswers): Promise<void> {
    const { page } = this;
    await this.expectStep(1);
    await this.next();
    await this.expectStep(2);
    await this.next();
    await this.expectStep(3);
    await page.getByTestId('auto-connect-branch-name').fill(answers.salonName);
    // A Mantine Chip hides its input; its label is what a person clicks.
    await page.getByTestId(`auto-connect-emoji-${answers.emoji}`).locator('xpath=following-sibling::label[1]').click();
    await this.next();
    await this.expectStep(4);
    await page.getByTestId('auto-connect-address').fill(answers.address);
    await page.getByTestId('auto-connect-salon-phone').fill(answers.salonPhone);
    await page.getByTestId('auto-connect-owner-phone').fill(answers.ownerPhone);
    await this.next();
    await this.expectStep(5);
    await page.getByTestId('auto-connect-wa-age').click();
    await page.getByRole('option', { name: answers.waAge, exact: true }).click();
    await this.next();
    await this.expectStep(6);
    for (const [index, link] of answers.links.entries()) {
      if (index > 0) await page.getByTestId('auto-connect-add-link').click();
      await page.getByTestId(`auto-connect-link-${index}`).fill(link);
    }
    await this.next();
    await this.expectStep(7);
    await page.getByTestId('auto-connect-telegram-id').fill(answers.telegramId);
    await this.next();
    await this.expectStep(8);
  }

  async agreeAndFinish(): Promise<void> {
    await this.page.getByTestId('auto-connect-agreement-mandatory').check();
    await this.next();
  }

  done(): Locator {
    return this.page.getByTestId('auto-connect-done');
  }

  // The new branch's account id, as the last page carries it.
  async accId(): Promise<number> {
    await expect(this.done()).toBeVisible();
    return Number(await this.done().getAttribute('data-acc-id'));
  }
}
