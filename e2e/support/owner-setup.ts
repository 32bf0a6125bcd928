import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ConnectionPage } from './connection-page.js';
import { LoginPage } from './login-page.js';
import { SandboxPage } from './sandbox-page.js';

// Signs the user in once and keeps the session in `statePath` for the file's tests: PIN requests
// are rate limited per Telegram id.
export async function signInOnce(browser: Browser, telegramId: number, statePath: string): Promise<void> {
  // The runner hands the file's storageState to every new context, this one too: start it empty.
  mkdirSync(path.dirname(statePath), { recursive: true });
  writeFileSync(statePath, JSON.stringify({ cookies: [], origins: [] }));
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).loginAs(telegramId);
  await context.storageState({ path: statePath });
  await context.close();
}

// Messages need a connected channel: the branch's WhatsApp, linked by the sandbox phone scanning
// the QR unless an earlier spec of the run already linked it.
export async function ensureWhatsApp(
  page: Page,
  context: BrowserContext,
  accId: number,
  salonPhone: string,
): Promise<void> {
  const connection = new ConnectionPage(page);
  await connection.open(accId);
  await expect(connection.status('wa')).toHaveAttribute('data-state', /^(authenticated|noConnect)$/);
  if ((await connection.status('wa').getAttribute('data-state')) === 'authenticated') return;
  const qr = await connection.qrPayload();
  expect(qr).toMatch(/^SANDBOX-WHATSAPP:/);
  const sandbox = new SandboxPage(await context.newPage());
  await sandbox.open(accId);
  await sandbox.scan(`whatsapp-${accId}`, salonPhone);
  await sandbox.page.close();
  await connection.expectState('wa', 'authenticated');
}
