import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { advanceClockTo, localDateTime, localDayAfter, serverNow, zonedInstant } from '../support/dev-clock.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import { ensureWhatsApp, signInOnce } from '../support/owner-setup.js';
import { ReviewEditorPage, ReviewListPage, ReviewStatsPage } from '../support/reviews-pages.js';
import { clientMessages, clientWrites } from '../support/sandbox-api.js';

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
// A client of this spec only.
const CLIENT_NAME = 'Ирина Отзывова';
const CLIENT = '79995550303';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'reviews-owner.json');
// With no bot token the admin bot writes its messages to DATA_DIR/bot-outbox (the config's data dir).
const BOT_OUTBOX = path.join(
  process.env.E2E_TMP_DIR ? path.resolve(process.env.E2E_TMP_DIR) : path.resolve(import.meta.dirname, '..', '.tmp'),
  'data',
  'bot-outbox',
);

function alertsFor(chatId: number): string[] {
  let names: string[];
  try {
    names = readdirSync(BOT_OUTBOX);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('-alert.txt') && n.includes(`-${chatId}-`))
    .map((n) => readFileSync(path.join(BOT_OUTBOX, n), 'utf8'));
}

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('a finished visit gets the rating request; «1» gets the negative text, alerts the admin and shows in the statistics', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const marker = Date.now().toString(36).toUpperCase();
    await ensureWhatsApp(page, context, MOSCOW, SALON_WHATSAPP);

    // 1. A chain built in the editor: the request 15 minutes after the visit, a negative text, an alert.
    const list = new ReviewListPage(page);
    await list.open(MOSCOW);
    await list.newChain();
    const editor = new ReviewEditorPage(page);
    const title = `Отзыв после визита ${marker}`;
    await editor.title().fill(title);
    await editor.firstText().fill(`{name}, спасибо, что были у нас! Как всё прошло? ${marker}`);
    await editor.negativeText().fill(`Нам очень жаль. Управляющий свяжется с вами. ${marker}`);
    await editor.addTelegramAlert(String(OWNER));
    await editor.addSite('https://yandex.ru/maps/org/salon/1234567890/reviews/');
    const id = await editor.saveNew();
    await list.open(MOSCOW);
    await expect(list.row(id)).toHaveAttribute('data-active', 'true');

    // 2. A booking tomorrow at 12:00 Moscow time in the local CRM; the client comes.
    const now = await serverNow(page);
    const day = localDayAfter(now, MOSCOW_TZ, 1);
    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: CLIENT_NAME,
      clientPhone: CLIENT,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 12, 0),
    });
    const record = crm.record(CLIENT_NAME);
    await record.getByTestId('crm-action-came').click();
    await expect(record.getByTestId('crm-record-status')).toHaveText('Пришёл');

    // 3. Nothing goes out before the visit ends; at 16:00 the request has gone out, with the footer.
    const received = async () =>
      (await clientMessages(page, MOSCOW, CLIENT)).filter((m) => m.direction === 'to_client').map((m) => m.body);
    expect((await received()).some((b) => b.includes(marker))).toBe(false);
    await advanceClockTo(page, zonedInstant(day, 16, 0, MOSCOW_TZ));
    await expect
      .poll(async () => (await received()).find((b) => b.includes(marker)) ?? '', { timeout: 60_000 })
      .toContain('Ирина, спасибо, что были у нас!');
    const request = (await received()).find((b) => b.includes(marker))!;
    expect(request).toContain('5 — отлично, 3 — нормально, 1 — плохо');

    // 4. The client answers «1»: the negative text comes back and the admin bot reports it.
    const alertsBefore = alertsFor(OWNER).length;
    await clientWrites(page, MOSCOW, CLIENT, '1', CLIENT_NAME);
    await expect
      .poll(async () => (await received()).some((b) => b.startsWith('Нам очень жаль.') && b.includes(marker)), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect.poll(() => alertsFor(OWNER).length, { timeout: 30_000 }).toBe(alertsBefore + 1);
    const alert = alertsFor(OWNER).find((a) => a.includes(CLIENT_NAME)) ?? '';
    expect(alert).toContain(MASTER);
    expect(alert).toContain(SERVICE);
    expect(alert).toContain('1');

    // 5. The statistics row: one send, answered, a negative result.
    const stats = new ReviewStatsPage(page);
    await stats.open(MOSCOW);
    await expect(stats.cell(id, 'total_sends')).toHaveText('1');
    await expect(stats.cell(id, 'negative_results')).toHaveText('1');
    await expect(stats.cell(id, 'first_step_conversion')).toContainText('100');

    // Switched off, it asks nobody else in the other specs.
    await list.open(MOSCOW);
    await list.setActive(id, false);
  });
});
