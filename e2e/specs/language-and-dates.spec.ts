import { expect, test, type Page } from '@playwright/test';
import { dayText } from '../support/date-text.js';
import { LanguageSwitch } from '../support/language.js';
import { LoginPage } from '../support/login-page.js';

// Issue 12: the account's saved language applies at login on every device, and the cabinet writes
// every date one way per language (26.11.2026 / 11/26/2026, 24-hour), inputs included.

const OWNER = 111111;
// Elena Smirnova: saved language English, a member of the Moscow branch.
const ELENA = 444444;
const MOSCOW = 1001;
// The template statistics start at this baseline by default (SPEC 9).
const BASELINE = '2020-01-01';

async function openTemplateStats(page: Page): Promise<void> {
  await page.goto(`/template_list/statistic?accId=${MOSCOW}`);
  await expect(page.getByTestId('stats-from')).toBeVisible();
}

test('a device remembering another language still opens in the saved one', async ({ page }) => {
  // This browser was last used in Russian (before sign-in nothing else is known).
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('salon.lang', 'ru'));
  await new LoginPage(page).loginAs(ELENA);
  await new LanguageSwitch(page).expectLanguage('en');
});

test('the saved language applies at login and a switch follows the user to a new device', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  const language = new LanguageSwitch(page);
  await new LoginPage(page).loginAs(ELENA);
  await language.expectLanguage('en');
  await expect(page.getByTestId('app-header')).toBeVisible();
  // Starting again with the saved session keeps it.
  await page.reload();
  await language.expectLanguage('en');

  // Dates in English: the statistics range starts at 01/01/2020.
  await openTemplateStats(page);
  await expect(page.getByTestId('page-title')).toHaveText('Template statistics');
  await expect(page.getByTestId('stats-from')).toHaveValue(dayText(BASELINE, 'en'));

  // Switching to Russian is saved and re-dates the page at once.
  await language.switchTo('ru');
  await expect(page.getByTestId('stats-from')).toHaveValue(dayText(BASELINE, 'ru'));
  await first.close();

  // Another browser (nothing remembered there) signs in: Russian, as saved.
  const second = await browser.newContext();
  const other = await second.newPage();
  const otherLanguage = new LanguageSwitch(other);
  await new LoginPage(other).loginAs(ELENA);
  await otherLanguage.expectLanguage('ru');
  await openTemplateStats(other);
  await expect(other.getByTestId('page-title')).toHaveText('Статистика шаблонов');
  await expect(other.getByTestId('stats-from')).toHaveValue('01.01.2020');

  // The language survives a reload with the saved session.
  await other.reload();
  await otherLanguage.expectLanguage('ru');

  // Leave Elena as the seed has her.
  await otherLanguage.switchTo('en');
  await expect(other.getByTestId('stats-from')).toHaveValue('01/01/2020');
  await second.close();
});

test('moments are written on the branch clocks in the Russian format', async ({ page }) => {
  await new LoginPage(page).loginAs(OWNER);
  await page.goto(`/accesses?accId=${MOSCOW}`);
  const card = page.getByTestId('admin-card-222222');
  await expect(card).toBeVisible();
  // "Добавлен 25.11.2026 21:40": day.month.year and a 24-hour time, no comma, no AM/PM.
  await expect(card).toContainText(/Добавлен \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(?!\s?[AP]M)/);
});

test('date fields follow the interface language, not the browser', async ({ browser }) => {
  // A browser set to American English still gets Russian dates in the Russian interface.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await new LoginPage(page).loginAs(OWNER);
  await openTemplateStats(page);
  const from = page.getByTestId('stats-from');
  await expect(from).toHaveValue('01.01.2020');
  // Typed as digits, the field puts in the dots and the range follows.
  await from.fill('');
  await from.pressSequentially('05022024');
  await expect(from).toHaveValue('05.02.2024');
  await from.blur();
  await expect(from).toHaveValue('05.02.2024');
  await context.close();
});

test('a page the user has no rights for says so on the branch list', async ({ page }) => {
  // Мария Иванова edits templates in Moscow; admin accesses are the owner's.
  await new LoginPage(page).loginAs(222222);
  await page.goto(`/accesses?accId=${MOSCOW}`);
  await expect(page).toHaveURL(/\/accounts/);
  await expect(page.getByTestId('no-rights-notice')).toContainText('Нет прав на эту страницу');
});
