import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { AccessesPage } from '../support/accesses-page.js';
import { LoginPage } from '../support/login-page.js';
import { BillDataPage, SmsSettingsPage } from '../support/settings-pages.js';
import { Shell } from '../support/shell.js';
import { expectToast } from '../support/toast.js';

const OWNER = 111111;
const MOSCOW = 1001;
// A Telegram id the demo data does not know yet.
const NEW_ADMIN = 7770001;
// The owner signs in once for the whole file: PIN requests are rate limited per Telegram id.
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'settings-owner.json');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // The runner hands the file's storageState to every new context, this one too: start it empty.
  mkdirSync(path.dirname(OWNER_STATE), { recursive: true });
  writeFileSync(OWNER_STATE, JSON.stringify({ cookies: [], origins: [] }));
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).loginAs(OWNER);
  await context.storageState({ path: OWNER_STATE });
  await context.close();
});

// A refused user ends up on the access-denied view, or back on the branch list (the branch is
// gone from their accounts), or on the partner programme (they have no branch left at all).
async function expectLockedOut(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('access-denied').isVisible()) return 'locked';
        if (await page.getByTestId('branch-not-found').isVisible()) return 'locked';
        if (/^\/(accounts|partners_program)$/.test(new URL(page.url()).pathname)) return 'locked';
        return 'open';
      },
      { timeout: 15_000 },
    )
    .toBe('locked');
}

test('an admin given only templates sees only templates, and loses the branch once deactivated', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext({ storageState: OWNER_STATE });
  const ownerPage = await ownerContext.newPage();
  const accesses = new AccessesPage(ownerPage);
  await accesses.open(MOSCOW);

  // SPEC 5: an empty id is refused with its own message; Enter submits the form.
  await accesses.name().fill('Ирина Тестова');
  await accesses.name().press('Enter');
  await expect(accesses.tgId()).toHaveAttribute('aria-invalid', 'true');
  await expect(accesses.card(NEW_ADMIN)).toHaveCount(0);

  // The input keeps only digits.
  await accesses.tgId().fill('777-0001');
  await expect(accesses.tgId()).toHaveValue('7770001');
  await accesses.right('edit_templates').check();
  await accesses.name().press('Enter');
  await expectToast(ownerPage, 'success');
  await expect(accesses.activeList().getByTestId(`admin-card-${NEW_ADMIN}`)).toBeVisible();
  await expect(ownerPage.getByTestId(`admin-rights-${NEW_ADMIN}`).getByText(/шаблон/i)).toBeVisible();
  await expect(accesses.tgId()).toHaveValue('');

  // The same id again: UNIQUE_TG_ID_ERROR, and the field is cleared.
  await accesses.add(String(NEW_ADMIN), 'Дубликат', ['notify']);
  await expect(accesses.tgId()).toHaveValue('');
  await expect(accesses.tgId()).toHaveAttribute('aria-invalid', 'true');

  // The new admin signs in with the PIN from the server log and sees what the right allows.
  const adminContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const adminPage = await adminContext.newPage();
  await new LoginPage(adminPage).loginAs(NEW_ADMIN);
  const shell = new Shell(adminPage);
  // Their only branch is chosen for them (SPEC 4).
  await expect(adminPage).toHaveURL(new RegExp(`/main\\?.*accId=${MOSCOW}`));
  // A first sign-in asks for the personal-data agreement; it would cover the end of the menu.
  await adminPage.getByTestId('agreement-mandatory').check();
  await adminPage.getByTestId('agreement-accept').click();
  await expect(adminPage.getByTestId('agreement-bar')).toBeHidden();
  await expect(shell.menuItem('templates')).toBeVisible();
  for (const hidden of ['settings', 'accesses', 'connection', 'mailing']) {
    await expect(shell.menuItem(hidden)).toHaveCount(0);
  }

  // Opening a page the right does not cover sends them to the branch list (SPEC 6 guards).
  await adminPage.goto(`/settings?accId=${MOSCOW}`);
  await expect(adminPage).toHaveURL(/\/accounts/);
  await adminPage.goto(`/main?accId=${MOSCOW}`);
  await expect(shell.menuItem('blacklist')).toBeVisible();

  // The owner deactivates the admin.
  await accesses.setActive(NEW_ADMIN, false);
  await expect(accesses.inactiveList().getByTestId(`admin-card-${NEW_ADMIN}`)).toBeVisible();
  await expect(accesses.card(NEW_ADMIN)).toHaveAttribute('data-active', 'false');

  // The admin's next request is refused.
  await shell.menuItem('blacklist').click();
  await expectLockedOut(adminPage);

  // The history records the addition and the deactivation.
  await ownerPage.getByTestId(`admin-edit-${NEW_ADMIN}`).click();
  await ownerPage.getByTestId(`admin-history-toggle-${NEW_ADMIN}`).click();
  await expect(ownerPage.getByTestId('admin-history-entry')).toHaveCount(2);

  await adminContext.close();
  await ownerContext.close();
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE });

  test('bill data refuses an invalid INN without saving, then keeps a valid one', async ({ page }) => {
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/settings/bill_data')) posts.push(request);
    });
    const bill = new BillDataPage(page);
    await bill.open(MOSCOW);

    await bill.inn().fill('7707083894');
    await bill.save();
    await expect(bill.inn()).toHaveAttribute('aria-invalid', 'true');
    await expect(bill.inn()).toHaveAccessibleDescription(/ИНН указан неверно/);
    expect(posts).toHaveLength(0);

    // Typing clears the error; letters never get in.
    await bill.inn().fill('77070838a93');
    await expect(bill.inn()).toHaveValue('7707083893');
    await expect(bill.inn()).not.toHaveAttribute('aria-invalid', 'true');
    await bill.name().fill('ООО «Бархат»');
    await bill.save();
    await bill.expectSaved();
    expect(posts).toHaveLength(1);

    await page.reload();
    await expect(bill.form()).toHaveAttribute('data-state', 'success');
    await expect(bill.inn()).toHaveValue('7707083893');
    await expect(bill.name()).toHaveValue('ООО «Бархат»');
  });

  test('the SMS form shows exactly the fields of the chosen provider', async ({ page }) => {
    const sms = new SmsSettingsPage(page);
    await sms.open(MOSCOW);
    await expect(sms.provider()).toHaveValue('Не подключён');
    await sms.expectFields([]);

    // SPEC 8: the confirmation cannot be turned on without a provider.
    await sms.confirm().click({ force: true });
    await expectToast(page, 'warning', 'Подтверждение по SMS нельзя включить без SMS-провайдера');
    await expect(sms.confirm()).not.toBeChecked();

    await sms.choose('SMS.RU');
    await sms.expectFields(['apiKey', 'senderName']);
    await expect(page.getByTestId('sms-unsupported')).toHaveCount(0);

    await sms.choose('SMSC.RU');
    await sms.expectFields(['apiKey', 'login', 'password', 'senderName']);

    await sms.choose(/RuMessage/);
    await sms.expectFields(['login', 'password', 'senderName']);
    await expect(page.getByTestId('sms-unsupported')).toBeVisible();

    // The provider rules are checked before anything is sent.
    await sms.choose('SMS.RU');
    await sms.save();
    await expect(sms.field('apiKey')).toHaveAccessibleDescription(/Заполните это поле/);

    // Choosing 'off' turns the confirmation off, with a warning.
    await sms.field('apiKey').fill('test-api-key-123456');
    await sms.confirm().click({ force: true });
    await expect(sms.confirm()).toBeChecked();
    await sms.choose('Не подключён');
    await expect(sms.confirm()).not.toBeChecked();
    await expectToast(page, 'warning', 'SMS-провайдер отключён, поэтому подтверждение по SMS выключено');
    await sms.expectFields([]);
  });
});
