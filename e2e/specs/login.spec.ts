import { expect, test } from '@playwright/test';
import { LoginPage } from '../support/login-page.js';
import { pinFor } from '../support/server-log.js';
import { Shell } from '../support/shell.js';

const OWNER = 111111;
const TEMPLATES_ADMIN = 222222;

test('the owner logs in, sees three branches, picks one and lands on /main', async ({ page }) => {
  const login = new LoginPage(page);
  await login.loginAs(OWNER);
  await expect(page).toHaveURL(/\/accounts/);
  const shell = new Shell(page);
  for (const accId of [1001, 1002, 1003]) await expect(shell.branchCard(accId)).toBeVisible();
  await expect(shell.branchCard(1004)).toHaveCount(0);
  await shell.pickBranch(1002);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(shell.menuItem('connection')).toBeVisible();
  await expect(shell.menuItem('accesses')).toBeVisible();
});

test('a malformed Telegram id and a wrong PIN get clear messages and change nothing', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.requestPin('01234');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('login-pin')).toHaveCount(0);

  const since = await login.requestPin(String(OWNER));
  await expect(page.getByTestId('login-pin')).toBeVisible();
  const pin = await pinFor(OWNER, since);
  const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
  await login.enterPin(wrong);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The right PIN still works after one wrong try.
  await page.getByTestId('login-pin').fill('');
  await login.enterPin(pin);
  await expect(page).toHaveURL(/\/accounts/);
});

test('the templates-only admin is sent away from a page their rights do not open', async ({ page }) => {
  await new LoginPage(page).loginAs(TEMPLATES_ADMIN);
  const shell = new Shell(page);
  await shell.pickBranch(1001);
  await expect(shell.menuItem('settings')).toHaveCount(0);
  await expect(shell.menuItem('connection')).toHaveCount(0);
  await page.goto('/settings?accId=1001');
  await expect(page).toHaveURL(/\/accounts/);
  // A branch of the network they were not given is not theirs either.
  await page.goto('/main?accId=1003');
  await expect(page).toHaveURL(/\/accounts/);
  await expect(page.getByTestId('branch-not-found')).toBeVisible();
});

test('a single branch is chosen for the user; a redirect=connection link opens the connection page', async ({ page }) => {
  await new LoginPage(page).loginAs(333333, '?redirect=connection');
  await expect(page).toHaveURL(/\/connection\?accId=1004/);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await new LoginPage(page).loginAs(333333);
  await expect(page).toHaveURL(/\/main\?accId=1004/);
  // A send-out-only account is sent from template pages to mailings.
  await page.goto('/template_list?accId=1004');
  await expect(page).toHaveURL(/\/mailing/);
});

test('a partner with no branches sees only the partner programme', async ({ page }) => {
  await new LoginPage(page).loginAs(555555);
  await expect(page).toHaveURL(/\/partners_program/);
  await page.goto('/blacklist');
  await expect(page).toHaveURL(/\/partners_program/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the language switch turns the login page to English and back', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  const ruText = await page.locator('body').innerText();
  await page.getByTestId('lang-switch').getByText('EN', { exact: false }).click();
  await expect.poll(async () => page.locator('html').getAttribute('lang')).toBe('en');
  const enText = await page.locator('body').innerText();
  expect(enText).not.toEqual(ruText);
  expect(enText).toMatch(/Telegram/);
  await page.getByTestId('lang-switch').getByText('RU', { exact: false }).click();
  await expect.poll(async () => page.locator('html').getAttribute('lang')).toBe('ru');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer opened by the burger', async ({ page }) => {
    await new LoginPage(page).loginAs(OWNER);
    const shell = new Shell(page);
    await shell.pickBranch(1001);
    await expect(shell.menuItem('connection')).toBeHidden();
    await page.getByTestId('menu-burger').click();
    await expect(shell.menuItem('connection')).toBeVisible();
    await shell.menuItem('connection').click();
    await expect(page).toHaveURL(/\/connection/);
    await expect(shell.menuItem('connection')).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
