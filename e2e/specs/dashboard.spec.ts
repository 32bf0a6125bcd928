import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { bookExistingClient, DashboardPage } from '../support/dashboard-page.js';
import { advanceClockTo, localDateTime, localDayAfter, serverNow, zonedInstant } from '../support/dev-clock.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import { LanguageSwitch } from '../support/language.js';
import { LoginPage } from '../support/login-page.js';
import { ensureWhatsApp, signInOnce } from '../support/owner-setup.js';
import { authHeaders } from '../support/session-token.js';
import { TemplateEditorPage, TemplateListPage } from '../support/templates-pages.js';

// Issue 18: the dashboard (/main) every member lands on. Its numbers follow what the bot does: a
// reminder sent and the booking the client then makes show up as messages, bookings and earnings.

const OWNER = 111111;
// Elena Smirnova: saved language English, a member of the Moscow branch.
const ELENA = 444444;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
// A demo master of the Moscow branch and a service she does.
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
// The client of this spec: a phone no other spec uses.
const CLIENT_NAME = 'Дарья Дашбордова';
const CLIENT_PHONE = '79995550808';
// The hour of this spec's bookings: the demo salon's day is 10:00–20:00, the templates spec books
// at 22:00 and 23:00, the mailing spec at 8:00.
const HOUR = 21;
// The owner signs in once for the whole file: PIN requests are rate limited per Telegram id.
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'dashboard-owner.json');

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

interface ReminderPlan {
  // The booking's start as the CRM form takes it, on Moscow clocks.
  start: string;
  offsetDays: number;
  offsetMinutes: number;
  dueAt: Date;
}

// A booking at HOUR:00 Moscow time two days after the server's today, and the before-start offset
// (whole quarter hours) that makes its reminder due 5–20 minutes after the server's `now` (as the
// templates spec plans its reminders).
function reminderPlan(now: Date): ReminderPlan {
  const date = localDayAfter(now, MOSCOW_TZ, 2);
  const startsAt = zonedInstant(date, HOUR, 0, MOSCOW_TZ);
  const quarter = 15 * 60_000;
  const offsetMs = Math.floor((startsAt.getTime() - now.getTime() - 5 * 60_000) / quarter) * quarter;
  const total = offsetMs / 60_000;
  return {
    start: localDateTime(date, HOUR, 0),
    offsetDays: Math.floor(total / 1440),
    offsetMinutes: total % 1440,
    dueAt: new Date(startsAt.getTime() - offsetMs),
  };
}

// What reached the sandbox phone of `phone` from the salon, as the dev API lists it.
async function receivedBodies(page: Page, phone: string): Promise<string[]> {
  const answer = await page.request.get(`/api/dev/sandbox/messages?acc_id=${MOSCOW}&phone=${phone}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: SandboxMessageWire[] };
  return messages.filter((m) => m.direction === 'to_client').map((m) => m.body);
}

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE });

  test('the dashboard fits a 390 px phone without a horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dashboard = new DashboardPage(page);
    await dashboard.open(MOSCOW);
    await dashboard.settled();
    await expect(dashboard.card('tariff')).toBeVisible();
    // One column: the cards stand one above another, each as wide as the other.
    const tariff = await dashboard.card('tariff').boundingBox();
    const earned = await dashboard.card('bot-earned').boundingBox();
    if (!tariff || !earned) throw new Error('the cards are not laid out');
    expect(earned.y).toBeGreaterThanOrEqual(tariff.y + tariff.height);
    expect(Math.round(earned.width)).toBe(Math.round(tariff.width));
    expect(await dashboard.horizontalOverflow()).toBe(0);
  });

  // Last in the file: it moves the server clock past the access token's life, so the session it
  // refreshes rotates the refresh token the file's stored state holds (a later test presenting that
  // token again would be signed out, as a stolen one is).
  test('a reminder sent to a new client and the booking it brings raise the dashboard numbers', async ({
    page,
    context,
  }) => {
    await ensureWhatsApp(page, context, MOSCOW, SALON_WHATSAPP);

    // 1. The numbers before: all time, every card loaded on its own.
    const dashboard = new DashboardPage(page);
    await dashboard.open(MOSCOW);
    const before = await dashboard.numbers();
    await expect(dashboard.card('tariff')).toHaveAttribute('data-state', 'ok');
    await expect(page.getByTestId('dashboard-channel-wa')).toHaveAttribute('data-state', 'authenticated');

    // 2. An active before-start reminder, and a booking of a new client in the local CRM.
    const plan = reminderPlan(await serverNow(page));
    const list = new TemplateListPage(page);
    await list.open(MOSCOW);
    await list.newTemplate();
    const editor = new TemplateEditorPage(page);
    await editor.title().fill(`Дашборд ${Date.now()}`);
    await editor.chooseCategory('До визита');
    await editor.setOffset(plan.offsetDays, plan.offsetMinutes);
    await editor.text().fill('{name}, ждём вас {day_month} в {start_time}');
    await editor.setActive(true);
    const templateId = await editor.saveNew();

    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: CLIENT_NAME,
      clientPhone: CLIENT_PHONE,
      staff: MASTER,
      service: SERVICE,
      start: plan.start,
    });
    await expect(crm.record(CLIENT_NAME)).toContainText(`+${CLIENT_PHONE}`);

    // 3. The server's clock moves to the reminder's moment: it reaches the client's phone.
    expect(await receivedBodies(page, CLIENT_PHONE)).toEqual([]);
    await advanceClockTo(page, new Date(plan.dueAt.getTime() + 30_000));
    await expect
      .poll(async () => (await receivedBodies(page, CLIENT_PHONE)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);

    // 4. The client books once more after the message: a booking our message brought.
    await crm.open(MOSCOW);
    await bookExistingClient(page, {
      clientName: CLIENT_NAME,
      clientPhone: CLIENT_PHONE,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(localDayAfter(await serverNow(page), MOSCOW_TZ, 3), HOUR, 0),
    });

    // 5. The dashboard shows more messages, bookings and earnings, and names the client (any
    // recount runs on the server's clock: move it on a little between looks).
    await expect(async () => {
      await advanceClockTo(page, new Date((await serverNow(page)).getTime() + 31_000));
      await dashboard.open(MOSCOW);
      const after = await dashboard.numbers();
      expect(after.sent).toBeGreaterThan(before.sent);
      expect(after.bookings).toBeGreaterThan(before.bookings);
      expect(after.earned).toBeGreaterThan(before.earned);
      expect(after.botClients).toBeGreaterThan(before.botClients);
      expect(after.botEarned).toBeGreaterThan(before.botEarned);
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
    await expect(dashboard.card('bot-clients').getByTestId('dashboard-bot-client').first()).toContainText(CLIENT_NAME);
    await expect(dashboard.card('bot-earned').getByTestId('dashboard-bot-earned-text')).toContainText(' из ');

    // 6. A shorter period is asked for on every card at once, and all time brings the numbers back.
    await dashboard.pickPeriod('last30');
    await expect(page.getByTestId('dashboard-period-shortcuts')).toHaveText('Последние 30 дней');
    await dashboard.settled();
    await dashboard.pickPeriod('allTime');
    await expect(page.getByTestId('dashboard-date-start')).toHaveValue('01.01.2020');

    // Switched off, the template plans nothing more for the other specs' bookings.
    await list.open(MOSCOW);
    await list.setActive(templateId, false);
  });
});

test('a member whose language is English sees the dashboard in English', async ({ page }) => {
  await new LoginPage(page).loginAs(ELENA);
  await new LanguageSwitch(page).expectLanguage('en');
  const dashboard = new DashboardPage(page);
  await dashboard.open(MOSCOW);
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await expect(dashboard.cardTitle('tariff')).toHaveText('Plan and channels');
  await expect(dashboard.cardTitle('bot-clients')).toHaveText('Clients from the bot');
  await expect(dashboard.cardTitle('activity')).toHaveText('Messages and bookings');
  await expect(dashboard.cardTitle('sendouts')).toHaveText('Send-outs');
  await expect(dashboard.cardTitle('bot-earned')).toHaveText('Earned with the bot');
  await dashboard.settled();
  await expect(page.getByTestId('dashboard-date-start')).toHaveValue('01/01/2020');
});
