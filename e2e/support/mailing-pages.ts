import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast, toasts } from './toast.js';

// Page object of /mailing/new: the three steps (Recipients, Contents, Test and launch) and the
// calendar of the launch step.
export class NewMailingPage {
  readonly calendar: MailingCalendar;

  constructor(readonly page: Page) {
    this.calendar = new MailingCalendar(page);
  }

  async open(accId: number): Promise<void> {
    await this.page.goto(`/mailing/new?accId=${accId}`);
    await expect(this.page.getByTestId('mailing-stepper')).toBeVisible();
    await expect(this.page.getByTestId('mailing-file-drop')).toBeVisible();
  }

  // The list goes up through the (hidden) file input the drop zone opens; the page then shows what
  // the server read.
  async upload(name: string, buffer: Buffer): Promise<void> {
    await this.page.getByTestId('mailing-file-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    // What the page ended on: the list read, or a refusal (toast or "clients not found" callout),
    // named in the failure so a broken upload says why rather than timing out.
    const outcome = this.parsed().or(toasts(this.page, 'error')).or(this.page.getByTestId('mailing-clients-not-found'));
    await expect(outcome.first()).toBeVisible({ timeout: 30_000 });
    if (!(await this.parsed().isVisible())) {
      throw new Error(`the list was refused: ${(await outcome.first().innerText()).trim()}`);
    }
  }

  parsed(): Locator {
    return this.page.getByTestId('mailing-parsed');
  }

  parsedCount(): Locator {
    return this.page.getByTestId('mailing-parsed-count');
  }

  report(): Locator {
    return this.page.getByTestId('mailing-parsed-report');
  }

  // The list's own columns, offered as message keys.
  parsedKeys(): Locator {
    return this.page.locator('[data-testid^="mailing-parsed-key-"]');
  }

  async next(step: 'contents' | 'launch'): Promise<void> {
    await this.page.getByTestId('mailing-next').click();
    await expect(this.page.getByTestId(`mailing-step-body-${step}`)).toBeVisible();
  }

  text(): Locator {
    return this.page.getByTestId('mailing-text');
  }

  // A key chip of the Contents step: puts {key} at the caret.
  keyChip(key: string): Locator {
    return this.page.getByTestId(`mailing-key-${key}`);
  }

  preview(): Locator {
    return this.page.getByTestId('mailing-preview');
  }

  // The test message: the popup confirms it left (and hides by itself after a few seconds).
  async sendTest(phone: string): Promise<void> {
    await this.page.getByTestId('mailing-test-phone').fill(phone);
    await this.page.getByTestId('mailing-test-send').click();
    await expect(this.page.getByTestId('mailing-test-popup')).toBeVisible();
  }

  async chooseScheduled(): Promise<void> {
    await this.page.getByTestId('mailing-launch-scheduled').check();
    await expect(this.page.getByTestId('mailing-start-date')).toBeVisible();
  }

  startDate(): Locator {
    return this.page.getByTestId('mailing-start-date');
  }

  startTime(): Locator {
    return this.page.getByTestId('mailing-start-time');
  }

  // data-state: skipped | checking | allowed | refused | error
  allowedStatus(): Locator {
    return this.page.getByTestId('mailing-allowed-status');
  }

  async openCalendar(): Promise<void> {
    await this.page.getByTestId('mailing-calendar-open').click();
    await expect(this.page.getByTestId('mailing-calendar')).toBeVisible();
  }

  // Launches and lands on the started list; answers the toast's text.
  async launch(): Promise<string> {
    const button = this.page.getByTestId('mailing-launch');
    await expect(button).toBeEnabled();
    await button.click();
    const toast = await expectToast(this.page, 'success', undefined, { timeout: 20_000 });
    const text = await toast.innerText();
    await expect(this.page).toHaveURL(/\/mailing\/started_mailing\?/);
    return text;
  }
}

// The launch step's calendar: a month of the branch's days with the other send-outs marked.
export class MailingCalendar {
  constructor(readonly page: Page) {}

  day(day: string): Locator {
    return this.page.getByTestId(`calendar-day-${day}`);
  }

  // Pages the month until `day` ('YYYY-MM-DD') is on screen.
  async show(day: string): Promise<void> {
    // The month's grid replaces a skeleton once the calendar has loaded: count the days only then.
    await expect(this.page.locator('[data-testid^="calendar-day-"]').first()).toBeVisible();
    for (let i = 0; i < 3 && (await this.day(day).count()) === 0; i += 1) {
      // A cell mid-grid is always of the month shown (the first may be the previous month's, e.g.
      // December 2026's grid starts on 30 November).
      const middle = await this.page.locator('[data-testid^="calendar-day-"]').nth(15).getAttribute('data-testid');
      const shown = (middle ?? '').slice('calendar-day-'.length, 'calendar-day-'.length + 7);
      const button = this.page.getByTestId(day.slice(0, 7) > shown ? 'mailing-calendar-next' : 'mailing-calendar-prev');
      if (await button.isDisabled()) throw new Error(`the calendar shows ${shown} and cannot page towards ${day}`);
      await button.click();
    }
    await expect(this.day(day)).toBeVisible();
  }

  // The first day from `from` on (at most `days` ahead) a new send-out may start on.
  async firstStartable(from: string, days = 7): Promise<string> {
    for (let i = 0; i < days; i += 1) {
      const day = shiftDay(from, i);
      await this.show(day);
      if ((await this.day(day).getAttribute('data-blocked')) === null) return day;
    }
    throw new Error(`no day from ${from} to start on`);
  }

  async pick(day: string): Promise<void> {
    await this.show(day);
    await this.day(day).click();
    await expect(this.day(day)).toHaveAttribute('aria-pressed', 'true');
    await expect(this.detail()).toBeVisible();
  }

  detail(): Locator {
    return this.page.getByTestId('mailing-calendar-detail');
  }

  // The time field commits when it is left.
  async setTime(time: string): Promise<void> {
    const field = this.page.getByTestId('mailing-calendar-time');
    await field.fill(time);
    await field.blur();
    await expect(field).toHaveValue(time);
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId('mailing-calendar-confirm').click();
    await expect(this.page.getByTestId('mailing-calendar')).toBeHidden();
  }

  async cancel(): Promise<void> {
    await this.page.getByTestId('mailing-calendar-cancel').click();
    await expect(this.page.getByTestId('mailing-calendar')).toBeHidden();
  }
}

export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

// Page object of /mailing/started_mailing: the launched send-outs with progress, stop and resume.
export class StartedMailingsPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/mailing/started_mailing?accId=${accId}`);
    await expect(this.page.getByTestId('started-table')).toBeVisible();
  }

  // The row whose message contains `text`.
  rowWithText(text: string): Locator {
    return this.page.locator('[data-testid^="started-row-"]').filter({ hasText: text });
  }

  async idOf(row: Locator): Promise<string> {
    await expect(row).toHaveCount(1);
    const testId = (await row.getAttribute('data-testid')) ?? '';
    return testId.slice('started-row-'.length);
  }

  row(id: string): Locator {
    return this.page.getByTestId(`started-row-${id}`);
  }

  status(id: string): Locator {
    return this.page.getByTestId(`started-status-${id}`);
  }

  // data-value: the whole percent sent.
  progress(id: string): Locator {
    return this.page.getByTestId(`started-progress-${id}`);
  }

  // "N из M" of the row: how many of its messages left.
  async sent(id: string): Promise<{ sent: number; count: number }> {
    const match = /(\d+) из (\d+)/.exec(await this.row(id).innerText());
    if (!match) throw new Error(`no "sent of count" in the row of ${id}`);
    return { sent: Number(match[1]), count: Number(match[2]) };
  }

  async stop(id: string): Promise<void> {
    await this.page.getByTestId(`started-stop-${id}`).click();
    const modal = this.page.getByTestId('started-stop-modal');
    await expect(modal).toBeVisible();
    await this.page.getByTestId('started-stop-confirm').click();
    await expect(modal).toBeHidden();
    await expectToast(this.page, 'success', 'Рассылка остановлена');
  }

  async resume(id: string): Promise<void> {
    await this.page.getByTestId(`started-resume-${id}`).click();
    await expectToast(this.page, 'success', 'Рассылка продолжена');
  }
}

export type StatsCount = 'recipients' | 'read' | 'answers' | 'sign_up';

// Page object of /mailing/stats: one row per send-out with its counts (data-value is the raw number).
export class MailingStatsPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/mailing/stats?accId=${accId}`);
    await expect(this.page.getByTestId('stats-table').or(this.page.getByTestId('stats-empty'))).toBeVisible();
  }

  row(id: string): Locator {
    return this.page.getByTestId(`stats-row-${id}`);
  }

  async count(id: string, column: StatsCount): Promise<number> {
    const cell = this.row(id).getByTestId(`stats-${column}`);
    if ((await cell.count()) === 0) return -1;
    return Number(await cell.getAttribute('data-value'));
  }

  async openDetail(id: string): Promise<void> {
    await this.row(id).getByTestId('stats-open').click();
    await expect(this.page).toHaveURL(new RegExp(`/mailing/statistics\\?.*sendout_id=${id}`));
  }
}

// Page object of /mailing/statistics?sendout_id: who of the recipients read, answered, booked.
export class MailingDetailPage {
  constructor(readonly page: Page) {}

  table(): Locator {
    return this.page.getByTestId('detail-table');
  }

  row(phone: string): Locator {
    return this.page.getByTestId(`detail-row-${phone}`);
  }

  // data-value: sent | read | answered | recorded
  status(phone: string): Locator {
    return this.row(phone).getByTestId('detail-status');
  }

  rows(): Locator {
    return this.page.locator('[data-testid^="detail-row-"]');
  }

  // Digits of a phone: the rows narrow to the numbers containing them.
  async searchPhone(digits: string): Promise<void> {
    await this.page.getByTestId('detail-phone').fill(digits);
    await expect(this.page).toHaveURL(new RegExp(`[?&]phone=${digits}`));
  }

  // The reaction filter by its label ('Все', 'Не ответили', 'Ответили', 'Записались'). Waits until
  // the page shows the choice: a filter changed in the same moment would write over this one.
  async reaction(label: string): Promise<void> {
    const control = this.page.getByTestId('detail-reaction');
    await control.getByText(label, { exact: true }).click();
    await expect(control.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }
}
