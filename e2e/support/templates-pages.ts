import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.js';

// Page object of /template_list: the rows with their switch and action menu, and "New template".
export class TemplateListPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/template_list?accId=${accId}`);
    await expect(this.page.getByTestId('page-title')).toBeVisible();
  }

  // The header's button; an empty list repeats it in its empty state.
  newButton(): Locator {
    return this.page.getByTestId('template-new').first();
  }

  async newTemplate(): Promise<void> {
    await this.newButton().click();
    await expect(this.page).toHaveURL(/\/new_template\?/);
  }

  // List ids carry the kind's prefix: time-based templates are t<id>.
  row(id: number): Locator {
    return this.page.getByTestId(`template-row-t${id}`);
  }

  // The switch follows the server's answer: the row turns once the list comes back.
  async setActive(id: number, active: boolean): Promise<void> {
    const toggle = this.page.getByTestId(`template-switch-t${id}`);
    if ((await toggle.isChecked()) !== active) await toggle.click({ force: true });
    await expect(this.row(id)).toHaveAttribute('data-active', String(active));
  }

  async openStats(id: number): Promise<void> {
    await this.page.getByTestId(`template-menu-t${id}`).click();
    await this.page.getByRole('menuitem', { name: 'Статистика' }).click();
    await expect(this.page).toHaveURL(new RegExp(`/template/stat\\?id=${id}&`));
  }
}

// Page object of the template editor (/new_template, /template?id).
export class TemplateEditorPage {
  constructor(readonly page: Page) {}

  async open(accId: number, id: number): Promise<void> {
    await this.page.goto(`/template?id=${id}&accId=${accId}`);
    await expect(this.title()).toBeVisible();
  }

  title(): Locator {
    return this.page.getByTestId('editor-title');
  }

  active(): Locator {
    return this.page.getByTestId('editor-active');
  }

  category(): Locator {
    return this.page.getByTestId('timing-category');
  }

  summary(): Locator {
    return this.page.getByTestId('timing-summary');
  }

  text(index = 0): Locator {
    return this.page.getByTestId(`content-text-${index}`);
  }

  async chooseCategory(label: string): Promise<void> {
    await this.category().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.category()).toHaveValue(label);
  }

  // Each field is committed (clamped, minutes rounded to 15) when it is left.
  async setOffset(days: number, minutes: number): Promise<void> {
    const daysField = this.page.getByTestId('timing-days');
    const minutesField = this.page.getByTestId('timing-minutes');
    await daysField.fill(String(days));
    await daysField.press('Tab');
    await minutesField.fill(String(minutes));
    await minutesField.press('Tab');
    await expect(daysField).toHaveValue(String(days));
    await expect(minutesField).toHaveValue(String(minutes));
  }

  // The switch's input is visually hidden behind its track.
  async setActive(active: boolean): Promise<void> {
    await this.active().setChecked(active, { force: true });
    await expect(this.active()).toBeChecked({ checked: active });
  }

  // The save bar's line: 'Изменений нет' once the form holds what the server has.
  saveState(): Locator {
    return this.page.getByTestId('editor-save-bar').getByRole('status');
  }

  // The toast of an earlier save may still be on screen: the save bar tells this save is done.
  async save(): Promise<void> {
    await expect(this.saveState()).toHaveText('Есть несохранённые изменения');
    await this.page.getByTestId('editor-save').click();
    await expectToast(this.page, 'success', 'Шаблон сохранён');
    await expect(this.saveState()).toHaveText('Изменений нет');
  }

  // A new template continues at its own address; answers its id.
  async saveNew(): Promise<number> {
    await this.save();
    await expect(this.page).toHaveURL(/\/template\?id=\d+&/);
    return Number(new URL(this.page.url()).searchParams.get('id'));
  }
}

// Page object of /template/stat?id: the version table and the per-client table.
export class TemplateStatsPage {
  constructor(readonly page: Page) {}

  async open(accId: number, id: number): Promise<void> {
    await this.page.goto(`/template/stat?id=${id}&accId=${accId}`);
    await expect(this.page.getByTestId('stats-versions')).toBeVisible();
  }

  versionRow(version: number): Locator {
    return this.page.getByTestId(`version-row-${version}`);
  }

  // Columns: version, text, send time, sends, delivered, answered, ...
  sends(version: number): Locator {
    return this.versionRow(version).getByRole('cell').nth(3);
  }

  versionText(version: number): Locator {
    return this.versionRow(version).getByRole('cell').nth(1);
  }

  clientRow(phone: string): Locator {
    return this.page
      .getByTestId('client-stats-table')
      .locator('tbody tr')
      .filter({ hasText: `+${phone}` });
  }
}
