import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.js';

// What every settings page shares: the form in its SPEC 4 states and the save bar.
class SettingsForm {
  constructor(readonly page: Page) {}

  form(): Locator {
    return this.page.getByTestId('settings-form');
  }

  async openAt(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.form()).toHaveAttribute('data-state', 'success');
  }

  async save(): Promise<void> {
    await this.page.getByTestId('settings-save').click();
  }

  // The saved message shows for about 500 ms, so the toast is the steadier sign of a save.
  async expectSaved(): Promise<void> {
    await expectToast(this.page, 'success');
    await expect(this.form()).toHaveAttribute('data-state', 'success');
  }
}

// Page object of /bill_data.
export class BillDataPage extends SettingsForm {
  async open(accId: number): Promise<void> {
    await this.openAt(`/bill_data?accId=${accId}`);
  }

  inn(): Locator {
    return this.page.getByTestId('bill-inn');
  }

  name(): Locator {
    return this.page.getByTestId('bill-name');
  }
}

export type SmsField = 'apiKey' | 'login' | 'password' | 'senderName';
export const SMS_FIELDS: readonly SmsField[] = ['apiKey', 'login', 'password', 'senderName'];

// Page object of /sms.
export class SmsSettingsPage extends SettingsForm {
  async open(accId: number): Promise<void> {
    await this.openAt(`/sms?accId=${accId}`);
  }

  provider(): Locator {
    return this.page.getByTestId('sms-provider');
  }

  field(name: SmsField): Locator {
    return this.page.getByTestId(`sms-field-${name}`);
  }

  confirm(): Locator {
    return this.page.getByTestId('sms-confirm');
  }

  // The provider select lists options by name; the first one is 'off' in the user's language.
  async choose(label: string | RegExp): Promise<void> {
    await this.provider().click();
    await this.page.getByRole('option', { name: label }).click();
  }

  // Exactly these credential inputs are on screen.
  async expectFields(shown: readonly SmsField[]): Promise<void> {
    for (const name of SMS_FIELDS) {
      if (shown.includes(name)) await expect(this.field(name)).toBeVisible();
      else await expect(this.field(name)).toHaveCount(0);
    }
  }
}
