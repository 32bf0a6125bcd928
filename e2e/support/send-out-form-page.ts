import { expect, type Locator, type Page } from '@playwright/test';

export interface SendOutForm {
  ownerPhone: string;
  salonPhone: string;
  // The option's label as the page shows it ('Больше года').
  waAge: string;
  telegramId: string;
}

// Page object of /auto_connect_send_out: the public send-out form of a new salon (SPEC 3, 5).
export class SendOutFormPage {
  constructor(readonly page: Page) {}

  async open(promoCode?: string): Promise<void> {
    await this.page.goto(`/auto_connect_send_out${promoCode ? `?promo_code=${promoCode}` : ''}`);
    await expect(this.page.getByTestId('send-out-form')).toBeVisible();
  }

  promo(): Locator {
    return this.page.getByTestId('send-out-promo');
  }

  error(field: 'ownerPhone' | 'salonPhone' | 'waAge' | 'timeZone' | 'telegramId' | 'agreement'): Locator {
    return this.page.getByTestId(`send-out-error-${field}`);
  }

  async fill(form: SendOutForm): Promise<void> {
    await this.page.getByTestId('send-out-owner-phone').fill(form.ownerPhone);
    await this.page.getByTestId('send-out-salon-phone').fill(form.salonPhone);
    await this.page.getByTestId('send-out-wa-age').click();
    await this.page.getByRole('option', { name: form.waAge, exact: true }).click();
    await this.page.getByTestId('send-out-telegram-id').fill(form.telegramId);
    await this.page.getByTestId('send-out-agreement-mandatory').check();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('send-out-submit').click();
  }

  success(): Locator {
    return this.page.getByTestId('send-out-success');
  }

  // The new branch's account id, as the success card carries it.
  async accId(): Promise<number> {
    await expect(this.success()).toBeVisible();
    return Number(await this.success().getAttribute('data-acc-id'));
  }
}
