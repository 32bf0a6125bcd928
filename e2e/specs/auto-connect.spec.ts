import { expect, test } from '@playwright/test';
import { AutoConnectRequestPage, AutoConnectWizardPage } from '../support/auto-connect-page.js';
import { LoginPage } from '../support/login-page.js';

// A company of the built-in booking system that has no branch with us yet: a fresh id of this run
// (the demo seed's companies are 501001…502001, all connected).
const freshCompanyId = () => 900_000 + (Date.now() % 90_000);
const freshTelegramId = () => Number(`8${String(Date.now()).slice(-8)}`);

test('a new salon connects itself through the wizard and its owner signs in to the new branch', async ({ page }) => {
  const companyId = freshCompanyId();
  const telegramId = freshTelegramId();
  const request = new AutoConnectRequestPage(page);
  await request.open();
  await request.request('Встроенная учётная система', companyId);
  await expect(page).toHaveURL(new RegExp(`/auto_connect\\?acc_id=${companyId}&form_hash=[\\w-]+&crm_name=local`));

  const wizard = new AutoConnectWizardPage(page);
  await expect(page.getByTestId('auto-connect-stepper')).toBeVisible();
  await expect(page.getByTestId('auto-connect-company')).toHaveText(String(companyId));

  // A step's own checks answer under its fields before anything is sent.
  await wizard.next();
  await wizard.next();
  await wizard.expectStep(3);
  await wizard.next();
  await expect(wizard.error('branchName')).toBeVisible();
  await wizard.back();
  await wizard.expectStep(2);
  await wizard.back();

  await wizard.fillAll({
    salonName: 'Студия «Мята»',
    emoji: '🌿',
    address: 'Казань, Баумана 10',
    salonPhone: '79995550101',
    ownerPhone: '79995550102',
    waAge: 'Больше года',
    links: ['https://myata.example', 'https://vk.com/myata'],
    telegramId: String(telegramId),
  });
  // Step 8 refuses without the mandatory agreement, and nothing is created.
  await wizard.next();
  await expect(wizard.error('agreement')).toBeVisible();
  await wizard.agreeAndFinish();
  const accId = await wizard.accId();
  expect(accId).toBeGreaterThan(0);
  await expect(wizard.done()).toContainText(String(telegramId));

  // Reopening the link shows the finished branch again.
  await page.reload();
  await expect(wizard.done()).toHaveAttribute('data-acc-id', String(accId));

  // The company is connected now: asking again says so.
  await request.open();
  await request.request('Встроенная учётная система', companyId);
  await expect(page.getByTestId('auto-connect-already-connected')).toBeVisible();

  await new LoginPage(page).loginAs(telegramId);
  // The owner's only branch is chosen for them.
  await expect(page).toHaveURL(new RegExp(`/main\\?accId=${accId}`));
  await expect(page.getByTestId('app-header')).toBeVisible();
});

test('a link that names no form asks to check it', async ({ page }) => {
  await page.goto('/auto_connect?acc_id=1&form_hash=nope&crm_name=local');
  await expect(page.getByTestId('auto-connect-not-found')).toBeVisible();
  await page.goto('/auto_connect');
  await expect(page.getByTestId('auto-connect-not-found')).toBeVisible();
});

test.describe('on a 390 px phone in English', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the wizard shows "step N of 8" and the current step only, in English, without a horizontal scroll', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('salon.lang', 'en'));
    const request = new AutoConnectRequestPage(page);
    await request.open();
    await expect(page.getByTestId('auto-connect-request-page')).toContainText('Connect your salon');
    await request.request('Built-in booking system', freshCompanyId() + 1);

    const wizard = new AutoConnectWizardPage(page);
    await wizard.expectStep(1);
    await expect(page.getByTestId('auto-connect-step-of')).toHaveText('Step 1 of 8');
    await expect(page.getByTestId('auto-connect-stepper')).toHaveCount(0);
    await expect(wizard.stepTitle()).toHaveText('Salon');
    await wizard.next();
    await wizard.expectStep(2);
    await wizard.next();
    await wizard.expectStep(3);
    await expect(page.getByTestId('auto-connect-step-of')).toHaveText('Step 3 of 8');
    await wizard.next();
    await expect(wizard.error('branchName')).toHaveText("Enter the salon's name");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
