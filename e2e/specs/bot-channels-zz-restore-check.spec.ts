import path from 'node:path';
import { expect, test } from '@playwright/test';
import { smsSettings } from '../support/bot-sandbox.js';
import { savedPriority } from '../support/channel-priority-page.js';
import { ConnectionPage } from '../support/connection-page.js';
import { signInOnce } from '../support/owner-setup.js';

const STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'zz-owner.json');
test.beforeAll(async ({ browser }) => signInOnce(browser, 111111, STATE));
test.use({ storageState: STATE });
test('restored', async ({ page }) => {
  const c = new ConnectionPage(page);
  await c.open(1001);
  console.log('PRIORITY', JSON.stringify(await savedPriority(page, 1001)));
  console.log('SMS', JSON.stringify(await smsSettings(page, 1001)));
  await c.page.getByTestId('connection-tab-MAX').click();
  console.log('MAX', await c.botStatus('MAX').getAttribute('data-state'));
  const r = await page.request.get('/api/settings/priority_channel?acc_id=1001', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('salon.accessToken'))}` } });
  console.log('AVAIL', (await r.text()));
  expect(1).toBe(1);
});
