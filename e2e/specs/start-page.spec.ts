import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInOnce } from '../support/owner-setup.js';
import { clientMessages, linkWhatsApp } from '../support/sandbox-api.js';
import { StartPage, startPageLinkOf } from '../support/start-page.js';

const OWNER = 111111;
const MOSCOW = 1001;
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
// A client of this spec only.
const CLIENT = '79995557733';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'start-page-owner.json');
const PHONE_VIEWPORT = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('the booking start page', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('the owner copies the link from settings; a signed-out client at 390 px is greeted on WhatsApp', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await linkWhatsApp(page, MOSCOW, SALON_WHATSAPP);

    // The settings card shows the branch's link; it is the one the API gives.
    await page.goto(`/settings?accId=${MOSCOW}`);
    const card = page.getByTestId('start-page-link-card');
    await expect(card).toBeVisible();
    const link = await startPageLinkOf(page, MOSCOW);
    await expect(page.getByTestId('start-page-link-url')).toHaveValue(link);
    await expect(page.getByTestId('start-page-link-copy')).toBeVisible();

    // A client on a phone, signed out.
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: { cookies: [], origins: [] } });
    const client = await context.newPage();
    // The messenger chat opens in the same window: nothing leaves this machine.
    const chatOpened: string[] = [];
    await context.route(/^https:\/\/(wa\.me|t\.me)\//, async (route) => {
      chatOpened.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>chat</body></html>' });
    });
    const start = new StartPage(client);
    await start.open(link);
    await start.expectForm();
    await start.expectNoHorizontalScroll();

    // SPEC 5 in order: the name first, then the phone.
    await start.submit();
    await expect(client.getByText('Введите имя')).toBeVisible();
    await expect(client.getByText('Введите телефон')).toBeVisible();
    await start.fill('Вера Стартова', '79995557');
    await start.submit();
    await expect(client.getByText('В номере должно быть не меньше 10 цифр')).toBeVisible();

    // WhatsApp is the default: the send takes the browser to the salon's chat.
    const marker = Date.now().toString(36);
    await start.fill(`Вера ${marker}`, CLIENT);
    await start.submit();
    await client.waitForURL(/^https:\/\/wa\.me\//);
    expect(chatOpened[0]).toMatch(/^https:\/\/wa\.me\/\d{10,15}$/);

    // The greeting reaches the client's phone, once.
    await expect
      .poll(
        async () =>
          (await clientMessages(page, MOSCOW, CLIENT)).filter(
            (m) => m.direction === 'to_client' && m.body.includes(`Вера ${marker}`),
          ).length,
        { timeout: 60_000 },
      )
      .toBe(1);
    await context.close();
  });

  test('in English the page speaks English; an unknown link says to check it', async ({ page, browser }) => {
    // The owner's session lives in the cabinet's storage: open a page of it first.
    await page.goto(`/settings?accId=${MOSCOW}`);
    const link = await startPageLinkOf(page, MOSCOW);
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: { cookies: [], origins: [] } });
    const client = await context.newPage();
    const start = new StartPage(client);
    await start.open(link);
    await start.expectForm();
    await start.switchLanguage('en');
    await expect(client.getByText('Leave your name and phone')).toBeVisible();
    await expect(start.submitButton()).toHaveText('Send');
    await start.submit();
    await expect(client.getByText('Enter your name')).toBeVisible();
    await start.expectNoHorizontalScroll();

    // The same link with an altered hash: a clear page, not a crash.
    const broken = new URL(link);
    broken.searchParams.set('formHash', 'not-our-hash');
    await start.open(broken.toString());
    await expect(start.unknownLink()).toBeVisible();
    await expect(start.unknownLink()).toContainText('Check the link');
    // Without the hash at all, the same.
    await client.goto(`/start_page?branchId=${MOSCOW}`);
    await expect(start.unknownLink()).toBeVisible();
    await context.close();
  });
});
