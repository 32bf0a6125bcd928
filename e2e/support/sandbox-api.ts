import { expect, type Page } from '@playwright/test';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { ConnectionPage } from './connection-page.js';
import { authHeaders } from './session-token.js';

// The sandbox's dev API with the signed-in tab's session (its routes serve the caller's branches).

// What one client phone received or wrote, newest first.
export async function clientMessages(page: Page, accId: number, phone: string): Promise<SandboxMessageWire[]> {
  const answer = await page.request.get(`/api/dev/sandbox/messages?acc_id=${accId}&limit=200&phone=${phone}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: SandboxMessageWire[] }).messages;
}

// A client writes to the branch (the conversation must exist: the salon wrote to them first).
export async function clientWrites(
  page: Page,
  accId: number,
  phone: string,
  text: string,
  name: string,
): Promise<void> {
  const wrote = await page.request.post(`/api/dev/sandbox/reply?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: { phone, text, name },
  });
  expect(wrote.ok()).toBe(true);
  expect(((await wrote.json()) as { result: string }).result).toBe('sent');
}

// The branch's WhatsApp, linked by the sandbox phone scanning the QR unless an earlier spec of the
// run linked it already; the registry rules are accepted on the way when still asked for.
export async function linkWhatsApp(page: Page, accId: number, salonPhone: string): Promise<void> {
  const connection = new ConnectionPage(page);
  await connection.open(accId);
  const consent = page.getByTestId('registry-consent-accept');
  if (await consent.isVisible().catch(() => false)) await connection.acceptRegistryConsent();
  await expect(connection.status('wa')).toHaveAttribute('data-state', /^(authenticated|noConnect)$/);
  if ((await connection.status('wa').getAttribute('data-state')) === 'authenticated') return;
  const qr = await connection.qrPayload();
  const scanned = await page.request.post(`/api/dev/sandbox/scan?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: { qr, phone: salonPhone },
  });
  expect(scanned.ok()).toBe(true);
  await connection.expectState('wa', 'authenticated');
}
