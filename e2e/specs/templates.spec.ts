import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { advanceClockTo, localDateTime, localDayAfter, serverNow, zonedInstant } from '../support/dev-clock.js';
import { ensureWhatsApp, signInOnce } from '../support/owner-setup.js';
import { LoginPage } from '../support/login-page.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import { SandboxPage } from '../support/sandbox-page.js';
import { authHeaders } from '../support/session-token.js';
import { Shell } from '../support/shell.js';
import { TemplateEditorPage, TemplateListPage, TemplateStatsPage } from '../support/templates-pages.js';

const OWNER = 111111;
const TEMPLATES_ADMIN = 222222;
const SEND_OUT_OWNER = 333333;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
const SEND_OUT_BRANCH = 1004;
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
// A demo master of the Moscow branch and a service she does.
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
const TEXT = '{name}, напоминаем: {day_month} в {start_time}, мастер {master}';
// Genitive month names, as "{day_month}" reads in Russian: "14 марта".
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
// The owner signs in once for the whole file: PIN requests are rate limited per Telegram id.
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'templates-owner.json');

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

interface ReminderPlan {
  // The booking's start as the CRM form takes it, on Moscow clocks.
  start: string;
  offsetDays: number;
  offsetMinutes: number;
  // How the template list words the offset: "За 2 дня 15 ч 45 мин до визита".
  listText: string;
  dueAt: Date;
  // "{day_month}" of the booking.
  dayMonth: string;
}

// A booking at `hour`:00 Moscow time two days after the server's today, and the before-start offset
// (whole quarter hours) that makes its reminder due 5–20 minutes after the server's `now`. The demo
// salon's bookings all lie within 10:00–20:00, so the clock moved to this reminder passes no other
// booking's reminder of the template: this booking's message is the only one it sends.
function reminderPlan(now: Date, hour: number): ReminderPlan {
  const date = localDayAfter(now, MOSCOW_TZ, 2);
  const startsAt = zonedInstant(date, hour, 0, MOSCOW_TZ);
  const quarter = 15 * 60_000;
  const offsetMs = Math.floor((startsAt.getTime() - now.getTime() - 5 * 60_000) / quarter) * quarter;
  const total = offsetMs / 60_000;
  // The booking is 46 to 72 hours away: one or two whole days.
  const [days, hours, minutes] = [Math.floor(total / 1440), Math.floor((total % 1440) / 60), total % 60];
  const listText = [
    `${days} ${days === 1 ? 'день' : 'дня'}`,
    hours ? `${hours} ч` : '',
    minutes ? `${minutes} мин` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    start: localDateTime(date, hour, 0),
    offsetDays: days,
    offsetMinutes: total % 1440,
    listText: `За ${listText} до визита`,
    dueAt: new Date(startsAt.getTime() - offsetMs),
    dayMonth: `${date.day} ${MONTHS[date.month - 1]}`,
  };
}

// Creates an active before-start template in the editor; answers its id.
async function createReminderTemplate(page: Page, title: string, plan: ReminderPlan, text: string): Promise<number> {
  const list = new TemplateListPage(page);
  await list.open(MOSCOW);
  await list.newTemplate();
  const editor = new TemplateEditorPage(page);
  await editor.title().fill(title);
  await editor.chooseCategory('До визита');
  await editor.setOffset(plan.offsetDays, plan.offsetMinutes);
  // After the colon the phrase starts in lower case.
  await expect(editor.summary()).toHaveText(`Отправится: з${plan.listText.slice(1)}`);
  await editor.text().fill(text);
  await editor.setActive(true);
  return editor.saveNew();
}

// What reached the sandbox phone of `phone`, newest first, as the dev API lists it.
async function receivedBodies(page: Page, phone: string): Promise<string[]> {
  const answer = await page.request.get(`/api/dev/sandbox/messages?acc_id=${MOSCOW}&phone=${phone}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: SandboxMessageWire[] };
  return messages.filter((m) => m.direction === 'to_client').map((m) => m.body);
}

test.describe('signed in as the owner', () => {
  // The owner's browser keeps Los Angeles time, its calendar up to a day behind the branch's:
  // what the branch sent "today" must still count (and nothing may lean on the browser's clock).
  test.use({ storageState: OWNER_STATE, timezoneId: 'America/Los_Angeles' });

  test('a before-start reminder reaches a new client of the local CRM with every variable filled in, and is counted', async ({
    page,
    context,
  }) => {
    const phone = '79995550101';
    await ensureWhatsApp(page, context, MOSCOW, SALON_WHATSAPP);
    const plan = reminderPlan(await serverNow(page), 22);

    // 1. The template, made in the editor, is on the list and on.
    const title = `Напоминание накануне ${Date.now()}`;
    const id = await createReminderTemplate(page, title, plan, TEXT);
    const list = new TemplateListPage(page);
    await list.open(MOSCOW);
    await expect(list.row(id).getByTestId('template-title')).toHaveText(title);
    await expect(list.row(id)).toHaveAttribute('data-active', 'true');
    await expect(list.row(id).getByTestId('template-when')).toHaveText(plan.listText);

    // 2. A booking for a new client in the local CRM.
    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: 'Вера Тестова',
      clientPhone: '+7 999 555-01-01',
      staff: MASTER,
      service: SERVICE,
      start: plan.start,
    });
    await expect(crm.record('Вера Тестова')).toContainText(`+${phone}`);
    await expect(crm.record('Вера Тестова').getByTestId('crm-record-time')).toHaveText(/^22:00–/);

    // 3. Nothing is due yet; the server's clock moves to the reminder's moment.
    expect(await receivedBodies(page, phone)).toEqual([]);
    await advanceClockTo(page, new Date(plan.dueAt.getTime() + 30_000));

    // 4. The client's phone shows the rendered reminder.
    const expected = `Вера, напоминаем: ${plan.dayMonth} в 22:00, мастер ${MASTER}`;
    const sandbox = new SandboxPage(page);
    await sandbox.open();
    await expect(sandbox.thread(phone).getByTestId('sandbox-message').filter({ hasText: expected })).toBeVisible({
      timeout: 30_000,
    });
    expect(await receivedBodies(page, phone)).toEqual([expected]);

    // 5. The statistics count the send, and the client's row names the number.
    await list.open(MOSCOW);
    await list.openStats(id);
    const stats = new TemplateStatsPage(page);
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await expect(stats.versionText(1)).toHaveText(TEXT);
    await expect(stats.sends(1)).toHaveText('1');
    await expect(stats.clientRow(phone)).toBeVisible();
    await expect(stats.clientRow(phone)).toContainText('Вера Тестова');

    // Switched off, it plans nothing more for the other tests' bookings.
    await list.open(MOSCOW);
    await list.setActive(id, false);
  });

  test('editing the text makes version 2, and the next reminder goes out in the new words', async ({
    page,
    context,
  }) => {
    const phone = '79995550202';
    await ensureWhatsApp(page, context, MOSCOW, SALON_WHATSAPP);
    const plan = reminderPlan(await serverNow(page), 23);
    const title = `Версии текста ${Date.now()}`;
    const id = await createReminderTemplate(page, title, plan, 'Старый текст для {name}');

    const editor = new TemplateEditorPage(page);
    await editor.text().fill('{name}, ждём вас {day_month} в {start_time}');
    await editor.save();

    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: 'Нина Проверкина',
      clientPhone: phone,
      staff: MASTER,
      service: SERVICE,
      start: plan.start,
    });
    await advanceClockTo(page, new Date(plan.dueAt.getTime() + 30_000));
    const expected = `Нина, ждём вас ${plan.dayMonth} в 23:00`;
    await expect.poll(() => receivedBodies(page, phone), { timeout: 30_000 }).toEqual([expected]);

    const stats = new TemplateStatsPage(page);
    await stats.open(MOSCOW, id);
    await expect(stats.versionText(2)).toHaveText('{name}, ждём вас {day_month} в {start_time}');
    await expect(stats.sends(2)).toHaveText('1');
    await expect(stats.versionText(1)).toHaveText('Старый текст для {name}');
    await expect(stats.sends(1)).toHaveText('0');

    await new TemplateListPage(page).open(MOSCOW);
    await new TemplateListPage(page).setActive(id, false);
  });
});

test('the templates-only admin edits templates; a send-out-only owner is sent from templates to mailings', async ({
  page,
  browser,
}) => {
  await new LoginPage(page).loginAs(TEMPLATES_ADMIN);
  const shell = new Shell(page);
  await expect(shell.branchCard(MOSCOW)).toBeVisible();
  // A first sign-in asks for the personal-data agreement; its bar would cover the save bar.
  if (await page.getByTestId('agreement-bar').isVisible()) {
    await page.getByTestId('agreement-mandatory').check();
    await page.getByTestId('agreement-accept').click();
    await expect(page.getByTestId('agreement-bar')).toBeHidden();
  }
  await shell.pickBranch(MOSCOW);
  await expect(shell.menuItem('templates')).toBeVisible();

  const list = new TemplateListPage(page);
  await list.open(MOSCOW);
  await list.newTemplate();
  const editor = new TemplateEditorPage(page);
  const title = `Шаблон администратора ${Date.now()}`;
  await editor.title().fill(title);
  await editor.text().fill('{name}, до встречи {day_month}!');
  const id = await editor.saveNew();
  await expect(page.getByTestId('editor-read-only')).toHaveCount(0);
  await editor.title().fill(`${title} (изменён)`);
  await editor.save();
  await list.open(MOSCOW);
  await expect(list.row(id).getByTestId('template-title')).toHaveText(`${title} (изменён)`);
  await expect(list.row(id)).toHaveAttribute('data-active', 'false');

  const sendOut = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sendOutPage = await sendOut.newPage();
  await new LoginPage(sendOutPage).loginAs(SEND_OUT_OWNER);
  await expect(sendOutPage).toHaveURL(new RegExp(`/main\\?accId=${SEND_OUT_BRANCH}`));
  await expect(new Shell(sendOutPage).menuItem('templates')).toHaveCount(0);
  await sendOutPage.goto(`/template_list?accId=${SEND_OUT_BRANCH}`);
  await expect(sendOutPage).toHaveURL(new RegExp(`/mailing/new\\?accId=${SEND_OUT_BRANCH}`));
  await sendOutPage.goto(`/new_template?accId=${SEND_OUT_BRANCH}`);
  await expect(sendOutPage).toHaveURL(new RegExp(`/mailing/new\\?accId=${SEND_OUT_BRANCH}`));
  await sendOut.close();
});
