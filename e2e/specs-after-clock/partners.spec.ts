import { expect, test, type Browser, type Page } from '@playwright/test';
import { advanceClockTo, serverNow } from '../support/dev-clock.js';
import { LoginPage } from '../support/login-page.js';
import { payData, PayPage, reloadWhenPayData, SandboxCheckoutPage } from '../support/pay-pages.js';
import { SendOutFormPage } from '../support/send-out-form-page.js';

// Issue 17 item 6: a consultant's promo link brings a new salon through the send-out form, the salon
// pays in the sandbox checkout, the consultant sees the accrual, and after the refund window
// (PARTNER_HOLD_DAYS, 14 by default) it is payable and the badge of a first paying salon is reached.
// This project runs after every other spec: it moves the server's shared clock by two weeks.

const CONSULTANT = 555555;
const HOLD_DAYS = 14;
const DAY_MS = 86_400_000;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'ru-RU' });

// A person the demo does not know, and a salon phone nobody has sent.
function freshSalon() {
  const tail = String(Date.now()).slice(-7);
  return {
    telegramId: `8${tail}${Math.floor(Math.random() * 90 + 10)}`,
    ownerPhone: `7916${tail}`,
    salonPhone: `7999${tail}`,
  };
}

async function signedInPage(browser: Browser, telegramId: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await new LoginPage(page).loginAs(telegramId);
  return page;
}

test('a promo link brings a salon whose payment accrues to the consultant, payable after the hold', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const salon = freshSalon();
  const promo = `E2E${salon.salonPhone.slice(-6)}`;

  // The consultant makes a code of its own for this salon (a fresh code: no paying salon yet).
  const consultant = await signedInPage(browser, CONSULTANT);
  await consultant.goto('/partners_program');
  await consultant.getByTestId('create-promo-open').click();
  await consultant.getByTestId('create-promo-code').fill(promo.toLowerCase());
  await consultant.getByTestId('create-promo-name').fill('Салон из e2e');
  await consultant.getByTestId('create-promo-days').fill('21');
  await consultant.getByTestId('create-promo-submit').click();
  const group = consultant.getByTestId(`promo-group-${promo}`);
  await expect(group).toBeVisible();
  const firstPay = consultant.getByTestId('partner-badge-firstPay');
  await expect(firstPay).toHaveAttribute('data-reached', 'false');
  const link = await group.getByTestId(`promo-group-${promo}-link-url`).getAttribute('href');
  expect(link).toContain(`promo_code=${promo}`);

  // The promo link: the form shows the code's free days, the salon sends it and gets its link.
  await page.goto(link!);
  const form = new SendOutFormPage(page);
  await expect(page.getByTestId('send-out-form')).toBeVisible();
  await expect(form.promo()).toContainText(promo);
  await expect(form.promo()).toHaveAttribute('data-bonus-days', '21');
  await form.submit();
  await expect(form.error('ownerPhone')).toHaveText('Укажите телефон владельца');
  await form.fill({ ...salon, waAge: 'Больше года' });
  await form.submit();
  const accId = await form.accId();
  await expect(page.getByTestId('send-out-deeplink')).toBeVisible();

  // The owner signs in with the Telegram id of the form; the promo code's days are a test period.
  await page.getByTestId('send-out-login').click();
  await new LoginPage(page).loginAs(Number(salon.telegramId));
  const pay = new PayPage(page);
  await pay.open(accId);
  const testTill = (await payData(page, accId)).pay_date;
  expect(testTill).not.toBeNull();

  // A month of WhatsApp and Telegram in the sandbox checkout (the receipt goes to the form's salon phone).
  await pay.choose(1, ['WA', 'TG']);
  await pay.pay();
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectOpen();
  await checkout.pay();
  await expect(page).toHaveURL(new RegExp(`/pay\\?accId=${accId}`));
  // The test period already counts as paid: the payment shows as a later paid-till day.
  await reloadWhenPayData(page, accId, (data) => data.pay_date !== null && data.pay_date > testTill!);
  const paidAt = await serverNow(page);

  // The consultant's operations: the new salon's share, still inside the refund window.
  const operations = consultant.getByTestId('partner-operation-row');
  await consultant.goto(`/list_of_operation?promo_code=${promo}`);
  await expect(operations).toHaveCount(1);
  await expect(operations.getByTestId('operation-status')).toHaveText('Начисление');

  // Past the hold the share is payable, and the code has its first paying salon.
  await advanceClockTo(page, new Date(paidAt.getTime() + (HOLD_DAYS + 1) * DAY_MS));
  await consultant.reload();
  await expect(operations.getByTestId('operation-status')).toHaveText('Начислено');
  await consultant.goto(`/partners_program?promo_code=${promo}`);
  await expect(firstPay).toHaveAttribute('data-reached', 'true');
  await expect(consultant.getByTestId(`promo-group-${promo}`)).toContainText('Рассылка');
  await consultant.context().close();
});
