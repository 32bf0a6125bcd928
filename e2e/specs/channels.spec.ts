import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BlacklistPage } from '../support/blacklist-page.js';
import { ChatHistoryPage } from '../support/chat-history-page.js';
import { ConnectionPage } from '../support/connection-page.js';
import { LoginPage } from '../support/login-page.js';
import { SandboxPage } from '../support/sandbox-page.js';
import { expectToast } from '../support/toast.js';

const OWNER = 111111;
const CLIENT = '79991234567';
// The owner signs in once for the whole file: PIN requests are rate limited per Telegram id.
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'channels-owner.json');

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

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE });

  test('WhatsApp connects when the sandbox phone scans the QR, and the menu indicator turns green', async ({
    page,
    context,
  }) => {
    const connection = new ConnectionPage(page);
    await connection.open(1001);
    await connection.acceptRegistryConsent();
    await connection.expectState('wa', 'noConnect');
    expect(await connection.qrPayload()).toMatch(/^SANDBOX-WHATSAPP:/);
    await expect(page.getByTestId('qr-countdown')).toBeVisible();
    await expect(page.getByTestId('branch-status').first()).toHaveAttribute('data-connected', 'false');

    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    await sandbox.scan('whatsapp-1001', '79990001111');

    await connection.expectState('wa', 'authenticated');
    await expect(page.getByTestId('channel-usage')).toBeVisible();
    await expect(page.getByTestId('branch-status').first()).toHaveAttribute('data-connected', 'true');
  });

  test('a test message reaches the client, whose reply shows in the chat history', async ({ page, context }) => {
    const connection = new ConnectionPage(page);
    await connection.open(1001);
    await connection.sendTestMessage(CLIENT, 'Your visit is tomorrow at 10:00');

    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    await expect(sandbox.messages().filter({ hasText: 'Your visit is tomorrow at 10:00' })).toBeVisible({
      timeout: 30_000,
    });
    await sandbox.reply(CLIENT, 'Thank you, I will come');

    const chat = new ChatHistoryPage(page);
    await chat.open(1001);
    await chat.search('7999123');
    await expect(page.getByTestId('chat-start')).toBeVisible();
    await chat.search('7999123****');
    await expect(chat.messages().filter({ hasText: 'Thank you, I will come' })).toHaveAttribute(
      'data-direction',
      'incoming',
      { timeout: 15_000 },
    );
    await expect(chat.messages().filter({ hasText: 'Your visit is tomorrow' })).toHaveAttribute(
      'data-direction',
      'bot',
    );
    await chat.search('7000000000');
    await expect(page.getByTestId('chat-empty')).toBeVisible();
  });

  test('Telegram: a wrong code marks the input, a wrong 2FA password too, then it connects', async ({
    page,
    context,
  }) => {
    const connection = new ConnectionPage(page);
    await connection.open(1001);
    await connection.tab('tg');
    await connection.expectState('tg', 'noConnect');
    // A sandbox phone ending in 2 has two-step verification.
    await connection.telegramPhone('79990005552');

    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    const code = await sandbox.loginCode('telegram-1001');

    await connection.telegramCode(code === '00000' ? '11111' : '00000');
    await expect(page.getByTestId('tg-error')).toBeVisible();
    await expect(page.getByTestId('tg-code')).toHaveValue('');
    await connection.telegramCode(code);
    await expect(page.getByTestId('tg-password')).toBeVisible();
    await connection.telegramPassword('not-the-password');
    await expect(page.getByTestId('tg-error')).toBeVisible();
    await expect(page.getByTestId('tg-password')).toHaveAttribute('aria-invalid', 'true');
    await connection.telegramPassword('sandbox');
    await connection.expectState('tg', 'authenticated');
  });

  test('WhatsApp pairing code: the same phone gets the same code, another one must wait', async ({ page, context }) => {
    const connection = new ConnectionPage(page);
    await connection.open(1002);
    await connection.acceptRegistryConsent();
    const code = await connection.requestPairingCode('79990002221');
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await expect(page.getByTestId('wa-pairing-code')).toHaveText(`${code.slice(0, 4)}-${code.slice(4)}`);

    await page.getByTestId('wa-pairing-back').click();
    expect(await connection.requestPairingCode('79990002221')).toBe(code);
    await page.getByTestId('wa-pairing-back').click();
    await page.getByTestId('wa-pairing-phone').fill('79990002229');
    await page.getByTestId('wa-pairing-submit').click();
    await expect(page.getByTestId('wa-pairing-error')).toBeVisible();

    await connection.requestPairingCode('79990002221');
    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    await sandbox.enterPairingCode(`${code.slice(0, 4)}-${code.slice(4)}`);
    await connection.expectState('wa', 'authenticated');
  });

  test('the blacklist adds by Enter, turns the button into remove for a listed number, pages and deletes', async ({
    page,
  }) => {
    const blacklist = new BlacklistPage(page);
    await blacklist.open(1003);
    await expect(blacklist.button()).toBeDisabled();
    await blacklist.input().fill('+7 999 00');
    await expect(blacklist.input()).toHaveValue('799900');
    await blacklist.input().press('Enter');
    await expect(blacklist.rows()).toHaveCount(0);

    await blacklist.addByEnter('79990007000');
    await expect(blacklist.row('79990007000')).toBeVisible();
    await expectToast(page, 'success');
    await expect(blacklist.count()).toHaveAttribute('data-count', '1');
    await blacklist.input().fill('79990007000');
    await expect(blacklist.button()).toHaveAttribute('data-mode', 'remove');

    for (let i = 1; i <= 9; i++) await blacklist.addByEnter(`7999000710${i}`);
    await expect(blacklist.count()).toHaveAttribute('data-count', '10');
    await expect(blacklist.rows()).toHaveCount(8);
    await expect(page.getByTestId('blacklist-pagination')).toBeVisible();
    await page.getByTestId('blacklist-page-size').click();
    await page.getByRole('option', { name: '20' }).click();
    await expect(blacklist.rows()).toHaveCount(10);

    await blacklist.delete('79990007105');
    await expect(blacklist.count()).toHaveAttribute('data-count', '9');
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the connection page fits the screen', async ({ page }) => {
      const connection = new ConnectionPage(page);
      await connection.open(1003);
      await connection.acceptRegistryConsent();
      await expect(page.getByTestId('wa-qr')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });
});

test('the sandbox page asks to sign in first, and other /dev paths are 404', async ({ page }) => {
  await new SandboxPage(page).openSignedOut();
  await page.goto('/dev/nothing');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
