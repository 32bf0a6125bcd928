import { expect, type Locator, type Page } from '@playwright/test';
import { dayText } from './date-text.js';
import { expectToast } from './toast.js';

export interface NewRecord {
  clientName: string;
  // As a person types it; the CRM keeps the digits.
  clientPhone: string;
  // The start of an option's label: "Ольга Кузнецова" matches "Ольга Кузнецова — мастер маникюра".
  staff: string;
  service: string;
  // 'YYYY-MM-DDTHH:mm' on the branch's clocks.
  start: string;
}

// Page object of /dev/crm: the branch's built-in CRM, a day at a time, and its booking form.
export class DevCrmPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/dev/crm?accId=${accId}`);
    await expect(this.page.getByTestId('crm-create')).toBeEnabled();
  }

  records(): Locator {
    return this.page.getByTestId('crm-record');
  }

  record(clientName: string): Locator {
    return this.records().filter({ hasText: clientName });
  }

  private async pick(field: string, option: string): Promise<void> {
    await this.page.getByTestId(field).click();
    await this.page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  }

  // A booking for a new client; the page then shows the booking's day.
  async createForNewClient(record: NewRecord): Promise<void> {
    await this.page.getByTestId('crm-create').click();
    const form = this.page.getByTestId('crm-create-form');
    await expect(form).toBeVisible();
    await form.getByTestId('crm-create-client-mode').getByText('Новый клиент').click();
    await form.getByTestId('crm-create-client-name').fill(record.clientName);
    await form.getByTestId('crm-create-client-phone').fill(record.clientPhone);
    await this.pick('crm-create-staff', record.staff);
    await this.pick('crm-create-services', record.service);
    await form.getByTestId('crm-create-start').fill(record.start);
    await form.getByTestId('crm-create-submit').click();
    await expectToast(this.page, 'success', 'Запись создана');
    await expect(form).toBeHidden();
    await expect(this.page.getByTestId('crm-day-input')).toHaveValue(dayText(record.start.slice(0, 10)));
  }
}
