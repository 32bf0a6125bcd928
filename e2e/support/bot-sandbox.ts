import { createHash } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import type { SmsSettingsWire } from '@salon/contract/settings';
import { ConnectionPage } from './connection-page.js';
import type { SandboxPage } from './sandbox-page.js';
import { authHeaders } from './session-token.js';
import { expectToast } from './toast.js';

// The salon's bots (issue 19) from both sides of the sandbox: the client's phone that opens a bot
// link and shares its number, and the branch settings a bot scenario changes and puts back.

// The username the sandbox gives the bot of this token (what MAX's GET /me would answer):
// apps/server/src/channels/drivers/sandbox/bot-actions.ts.
export function sandboxBotUsername(token: string): string {
  return `salon_${createHash('sha256').update(token).digest('hex').slice(0, 6)}_bot`;
}

// The MAX deep links in a text: https://max.ru/<bot>?start=<token>.
export function maxLinksIn(text: string): string[] {
  return [...text.matchAll(/https:\/\/max\.ru\/[A-Za-z0-9_]+\?start=[A-Za-z0-9_-]+/g)].map((m) => m[0]);
}

// What reached one client's phone, as the sandbox page lists it.
export function clientMessage(sandbox: SandboxPage, phone: string, text: string): Locator {
  return sandbox.thread(phone).getByTestId('sandbox-message').filter({ hasText: text });
}

// The client opens the bot link in the message (the messenger opens the bot and presses Start).
export async function openBotLink(sandbox: SandboxPage, phone: string, text: string, link: string): Promise<void> {
  const button = clientMessage(sandbox, phone, text).getByTestId('sandbox-open-link');
  await expect(button).toHaveAttribute('data-link', link);
  await button.click();
  await expectToast(sandbox.page, 'success');
}

// The client answers the bot's contact request with its own number.
export async function shareContact(sandbox: SandboxPage, phone: string): Promise<void> {
  const button = sandbox.thread(phone).getByTestId('sandbox-share-contact').first();
  await expect(button).toBeVisible({ timeout: 30_000 });
  await button.click();
  await expectToast(sandbox.page, 'success');
}

export async function smsSettings(page: Page, accId: number): Promise<SmsSettingsWire> {
  const answer = await page.request.get(`/api/settings/sms?acc_id=${accId}`, { headers: await authHeaders(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: SmsSettingsWire }).data;
}

// Puts the SMS settings back as they were read. Secrets come back masked, and a masked or omitted
// secret keeps the stored one: the provider and the plain fields are restored, not the keys.
export async function restoreSms(page: Page, accId: number, before: SmsSettingsWire): Promise<void> {
  const answer = await page.request.post(`/api/settings/sms?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: {
      sms_provider: before.sms_provider,
      sms_login: before.sms_login,
      sms_sendername: before.sms_sendername,
      sms_confirm: before.sms_confirm,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

// POST /api/logout_channel: the owner's own disconnect (the bot tab's Disconnect does the same).
export async function logoutChannel(page: Page, accId: number, channel: 'WA' | 'TG' | 'TGB' | 'MAX'): Promise<void> {
  const answer = await page.request.post(`/api/logout_channel?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: { channel },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function registryConsented(page: Page, accId: number): Promise<boolean> {
  const answer = await page.request.get(`/api/connection?acc_id=${accId}`, { headers: await authHeaders(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { registry_consent: boolean }).registry_consent;
}

// Opens /connection and, while the registry rules are not accepted, closes their dialog with
// "Later": accepting them cannot be undone, and a later spec (channels) accepts them itself.
export async function openConnection(page: Page, accId: number): Promise<ConnectionPage> {
  const connection = new ConnectionPage(page);
  await connection.open(accId);
  if (!(await registryConsented(page, accId))) {
    await page.getByTestId('registry-consent-later').click();
    await expect(page.getByTestId('registry-consent')).toBeHidden();
  }
  return connection;
}

// The branch's WhatsApp linked by the sandbox phone scanning the QR, without accepting the registry
// rules (the server does not ask for them). Answers whether this call linked it: an earlier spec may
// have, and then it stays linked.
export async function linkWhatsAppKeepingConsent(page: Page, accId: number, salonPhone: string): Promise<boolean> {
  const connection = await openConnection(page, accId);
  await expect(connection.status('wa')).toHaveAttribute('data-state', /^(authenticated|noConnect)$/);
  if ((await connection.status('wa').getAttribute('data-state')) === 'authenticated') return false;
  const scanned = await page.request.post(`/api/dev/sandbox/scan?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: { qr: await connection.qrPayload(), phone: salonPhone },
  });
  expect(scanned.ok()).toBe(true);
  await connection.expectState('wa', 'authenticated');
  return true;
}
