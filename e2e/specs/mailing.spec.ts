import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { clientListPlan, clientListXlsx } from '../support/client-list-file.js';
import { dayText } from '../support/date-text.js';
import { advanceClockTo, localDateTime, localDayAfter, serverNow, zonedInstant } from '../support/dev-clock.js';
import { ensureWhatsApp, signInOnce } from '../support/owner-setup.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import { MailingDetailPage, MailingStatsPage, NewMailingPage, StartedMailingsPage } from '../support/mailing-pages.js';
import { SandboxPage } from '../support/sandbox-page.js';
import { authHeaders } from '../support/session-token.js';
import { toasts } from '../support/toast.js';

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
// A demo master of the Moscow branch and a service she does.
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
const LIST_SIZE = 1000;
// The first rows' names (the rest are "Клиент N"): whoever is sent to first has a name to read.
const NAMES = [
  'Вера',
  'Нина',
  'Ольга',
  'Ирина',
  'Мария',
  'Елена',
  'Дарья',
  'Полина',
  'Ксения',
  'Юлия',
  'Алиса',
  'Софья',
];
// The test message's phone: not on the list.
const TEST_PHONE = '79995550303';
// Enough messages for the progress bar to show a whole percent of 996 (0.5 % rounds up).
const WANTED_SENDS = 6;
// WhatsApp pacing leaves 30–60 s between two messages of a number: each move of the clock by this
// much lets one more message of the send-out go.
const PACING_STEP_MS = 70_000;
// The attribution pass recounts a send-out at most every 30 s of the server's clock.
const ATTRIBUTION_STEP_MS = 31_000;
// The owner signs in once for the whole file: PIN requests are rate limited per Telegram id.
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'mailing-owner.json');

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

// What the sandbox's client phones received, as the dev API lists it (newest first).
async function sandboxReceived(page: Page): Promise<SandboxMessageWire[]> {
  const answer = await page.request.get(`/api/dev/sandbox/messages?acc_id=${MOSCOW}&limit=1000`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: SandboxMessageWire[] };
  return messages.filter((m) => m.direction === 'to_client');
}

const dayString = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

// The send-out this run launched: stopped after a failure so that it sends nothing into the specs
// that run after this one (they share the branch's WhatsApp number and its pacing).
let launchedId: string | null = null;

test.describe('signed in as the owner', () => {
  // An action that cannot happen (a disabled button) fails at once instead of eating the test's time.
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test.afterEach(async ({ page }, testInfo) => {
    if (!launchedId || testInfo.status === testInfo.expectedStatus) return;
    const started = new StartedMailingsPage(page);
    await started.open(MOSCOW);
    if (await page.getByTestId(`started-stop-${launchedId}`).isVisible()) await started.stop(launchedId);
  });

  test('a 1,000-row list is scheduled on the calendar, sent with the test clock, and its answers and sign-ups are counted', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    // Marks this run's send-out among others of the branch.
    const code = `M${Date.now().toString(36).toUpperCase()}`;
    launchedId = null;
    const list = clientListPlan(LIST_SIZE, NAMES);
    const recipients = list.phones.length;
    await ensureWhatsApp(page, context, MOSCOW, SALON_WHATSAPP);

    // 1. The list is read: 1,000 rows, the bad ones reported, "Город" offered as a key.
    const wizard = new NewMailingPage(page);
    await wizard.open(MOSCOW);
    await wizard.upload('clients-1000.xlsx', await clientListXlsx(list.rows));
    expect(recipients).toBe(LIST_SIZE - list.invalid - list.duplicates);
    await expect(wizard.parsedCount()).toHaveText(String(recipients));
    await expect(wizard.report()).toContainText(`Строк: ${LIST_SIZE}`);
    await expect(wizard.report()).toContainText(`Повторов: ${list.duplicates}`);
    await expect(wizard.report()).toContainText(`Неверных номеров: ${list.invalid}`);
    // The list's keys: name and phone, and one of the "Город" column.
    await expect(wizard.parsedKeys()).toHaveText(['name', 'phone', /\S/]);
    const cityKey = (await wizard.parsedKeys().nth(2).innerText()).trim();
    expect(cityKey).toBe('город');
    await expect(page.getByTestId('mailing-not-paid')).toHaveCount(0);
    // Nobody on the list was asked for consent: without the neutral clients nobody is left, and the
    // draft keeps each choice on the server.
    const neutral = page.getByTestId('mailing-consent-neutral');
    for (const [checked, shown] of [
      [false, '0'],
      [true, String(recipients)],
    ] as const) {
      const saved = page.waitForResponse((r) => r.url().includes('/api/mailing/choose_consent'));
      await neutral.setChecked(checked, { force: true });
      expect((await saved).status()).toBe(200);
      await expect(wizard.parsedCount()).toHaveText(shown);
      await expect(page.getByTestId('mailing-no-recipients')).toHaveCount(checked ? 0 : 1);
    }

    // 2. The text uses {name} and the city's key chip; the preview fills in the list's first valid row
    // (never invented values). It stays under
    // the 80 characters the lists show of a message, so the code that marks this run is seen.
    await wizard.next('contents');
    const opening = '{name}, «Бархат» ждёт вас в городе ';
    const closing = `: −15% на маникюр, код ${code}`;
    const text = `${opening}{${cityKey}}${closing}`;
    await wizard.text().fill(opening);
    await wizard.keyChip(cityKey).click();
    await expect(wizard.text()).toHaveValue(`${opening}{${cityKey}}`);
    await wizard.text().press('End');
    await wizard.text().pressSequentially(closing);
    await expect(wizard.text()).toHaveValue(text);
    const firstRow = list.rows[0]!;
    const sample = `${firstRow.name}, «Бархат» ждёт вас в городе ${firstRow.city}`;
    await expect(wizard.preview()).toContainText(sample);

    // 3. A test message reaches the phone typed in, with the first row's values.
    await wizard.next('launch');
    // The test message waits for the number's pacing like any other: a message an earlier spec (or
    // run) sent less than a minute ago would hold it back that long. A minute on, the number is free.
    await advanceClockTo(page, new Date((await serverNow(page)).getTime() + PACING_STEP_MS));
    await wizard.sendTest(TEST_PHONE);
    await expect
      .poll(async () => (await sandboxReceived(page)).filter((m) => m.phone === TEST_PHONE).map((m) => m.body), {
        timeout: 20_000,
      })
      .toContain(`${sample}${closing}`);

    // 4. Scheduled on the calendar: tomorrow (the server's, on the branch's clocks) at 10:00, or the
    // first day after it the calendar lets a send-out start on.
    const tomorrow = dayString(localDayAfter(await serverNow(page), MOSCOW_TZ, 1));
    await wizard.chooseScheduled();
    await wizard.openCalendar();
    const startDay = await wizard.calendar.firstStartable(tomorrow);
    await wizard.calendar.pick(startDay);
    await wizard.calendar.setTime('10:00');
    await wizard.calendar.confirm();
    await expect(wizard.startDate()).toHaveValue(dayText(startDay));
    await expect(wizard.startTime()).toHaveValue('10:00');
    await expect(wizard.allowedStatus()).toHaveAttribute('data-state', 'allowed');
    await expect(page.getByTestId('mailing-summary')).toContainText(`${recipients} получател`);
    expect(await wizard.launch()).toContain('Рассылка запланирована');
    const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
    const startsAt = zonedInstant({ year: y, month: m, day: d }, 10, 0, MOSCOW_TZ);

    // 5. The started list has it, planned, nothing sent yet.
    const started = new StartedMailingsPage(page);
    await expect(started.rowWithText(code)).toBeVisible();
    const id = await started.idOf(started.rowWithText(code));
    launchedId = id;
    await expect(started.status(id)).toHaveAttribute('data-status', 'planned');
    expect(await started.sent(id)).toEqual({ sent: 0, count: recipients });

    // 6. A new mailing's calendar shows the day taken by it, and the day's detail names it.
    await page.getByTestId('started-new').click();
    await expect(page.getByTestId('mailing-file-drop')).toBeVisible();
    await wizard.upload(
      'calendar-check.xlsx',
      await clientListXlsx([
        { name: 'Ирина', phone: '79995560101', city: 'Москва' },
        { name: 'Олег', phone: '79995560102', city: 'Москва' },
      ]),
    );
    await wizard.next('contents');
    await wizard.text().fill('Проверка календаря');
    await wizard.next('launch');
    await wizard.chooseScheduled();
    await wizard.openCalendar();
    await wizard.calendar.show(startDay);
    await expect(wizard.calendar.day(startDay)).toHaveAttribute('data-busy', /^[1-9]\d*$/);
    await wizard.calendar.day(startDay).click();
    await expect(page.getByTestId(`calendar-detail-${id}`)).toBeVisible();
    await wizard.calendar.cancel();

    // 7. The clock passes the start: the send-out starts and its first message leaves.
    // This run's messages (an earlier run in the same server may have sent to the same list).
    const listPhones = new Set(list.phones);
    const sentToList = async () =>
      (await sandboxReceived(page)).filter((m) => listPhones.has(m.phone) && m.body.endsWith(code));
    await advanceClockTo(page, new Date(startsAt.getTime() + 20_000));
    await expect.poll(async () => (await sentToList()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await started.open(MOSCOW);
    await expect(started.status(id)).toHaveAttribute('data-status', 'started');
    const first = await started.sent(id);
    expect(first.count).toBe(recipients);

    // WhatsApp's pacing lets one message go per gap: move the clock gap by gap.
    let sends = (await sentToList()).length;
    for (let round = 0; round < WANTED_SENDS + 4 && sends < WANTED_SENDS; round += 1) {
      const before = sends;
      await advanceClockTo(page, new Date((await serverNow(page)).getTime() + PACING_STEP_MS));
      await expect.poll(async () => (await sentToList()).length, { timeout: 15_000 }).toBeGreaterThan(before);
      sends = (await sentToList()).length;
    }
    expect(sends).toBeGreaterThanOrEqual(WANTED_SENDS);
    // Each list phone once, from the head of the list: the recipients planned so far (the pacing
    // takes the due ones in no particular order).
    const received = (await sentToList()).reverse();
    const phones = received.map((m) => m.phone);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) expect(list.phones.indexOf(phone)).toBeLessThan(100);
    const [answering, booking, silent] = phones as [string, string, string];
    const rowOf = (phone: string) => list.rows.find((r) => r.phone === phone)!;
    const bodyFor = (phone: string) =>
      `${rowOf(phone).name}, «Бархат» ждёт вас в городе ${rowOf(phone).city}${closing}`;
    expect(received.map((m) => m.body)).toEqual(phones.map(bodyFor));

    await expect(async () => {
      await page.reload();
      await expect(started.status(id)).toHaveAttribute('data-status', 'started', { timeout: 3_000 });
      expect((await started.sent(id)).sent).toBeGreaterThan(first.sent);
      expect(Number(await started.progress(id).getAttribute('data-value'))).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });

    // 8. The client phones show the salon's WhatsApp messages with their own name and city; two answer.
    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    for (const phone of [answering, booking]) {
      const message = sandbox
        .thread(phone)
        .getByTestId('sandbox-message')
        .filter({ hasText: bodyFor(phone) });
      await expect(message).toHaveAttribute('data-direction', 'to_client');
      await expect(message.getByLabel('whatsapp')).toBeVisible();
    }
    const question = `Здравствуйте! До какого числа скидка по коду ${code}?`;
    const wish = `Хочу записаться на маникюр по коду ${code}`;
    await sandbox.reply(answering, question);
    await expect(toasts(sandbox.page, 'success')).toHaveCount(0, { timeout: 10_000 });
    await sandbox.reply(booking, wish);
    for (const [phone, reply] of [
      [answering, question],
      [booking, wish],
    ] as const) {
      await expect(sandbox.thread(phone).getByTestId('sandbox-message').filter({ hasText: reply })).toHaveAttribute(
        'data-direction',
        'from_client',
      );
    }
    await sandbox.page.close();

    // 9. The second one books in the local CRM after the message.
    const client = `${rowOf(booking).name} Рассылкина`;
    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    const visitDay = localDayAfter(await serverNow(page), MOSCOW_TZ, 2);
    await crm.createForNewClient({
      clientName: client,
      clientPhone: booking,
      staff: MASTER,
      service: SERVICE,
      // Before the demo salon's day: the master is free then.
      start: localDateTime(visitDay, 8, 0),
    });
    await expect(crm.record(client)).toContainText(`+${booking}`);

    // 10. The statistics count what left, the two answers and the sign-up (the sweep recounts a
    // send-out every 30 s of the server's clock: move it on until the counts show).
    const stats = new MailingStatsPage(page);
    const counts = async () => ({
      recipients: await stats.count(id, 'recipients'),
      answers: await stats.count(id, 'answers'),
      sign_up: await stats.count(id, 'sign_up'),
    });
    await expect(async () => {
      await advanceClockTo(page, new Date((await serverNow(page)).getTime() + ATTRIBUTION_STEP_MS));
      await stats.open(MOSCOW);
      await expect(stats.row(id)).toBeVisible({ timeout: 5_000 });
      const shown = await counts();
      expect(shown.recipients).toBeGreaterThanOrEqual(WANTED_SENDS);
      expect(shown.answers).toBe(2);
      expect(shown.sign_up).toBe(1);
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
    await expect(stats.row(id)).toContainText(code);

    // 11. The detail names who answered and who booked (the reaction filter narrows to them, whatever
    // page of the recipients they are on), and a phone search finds one who did neither.
    await stats.openDetail(id);
    const detail = new MailingDetailPage(page);
    await expect(detail.table()).toBeVisible();
    await detail.reaction('Ответили');
    await expect(detail.rows()).toHaveCount(2);
    await expect(detail.status(answering)).toHaveAttribute('data-value', 'answered');
    await expect(detail.status(booking)).toHaveAttribute('data-value', 'recorded');
    await expect(detail.row(booking)).toContainText(SERVICE);
    await detail.reaction('Записались');
    await expect(detail.rows()).toHaveCount(1);
    await expect(detail.row(booking)).toBeVisible();
    await detail.reaction('Все');
    await detail.searchPhone(silent);
    await expect(detail.rows()).toHaveCount(1);
    await expect(detail.status(silent)).toHaveAttribute('data-value', /^(sent|read)$/);

    // 12. Stopped from the started list after the confirmation it pauses; resumed it sends again.
    await started.open(MOSCOW);
    await started.stop(id);
    await expect(started.status(id)).toHaveAttribute('data-status', 'paused');
    await started.resume(id);
    await expect(started.status(id)).toHaveAttribute('data-status', 'started');

    // Stopped again: the specs after this one share the branch's number and its pacing.
    await expect(toasts(page, 'success')).toHaveCount(0, { timeout: 10_000 });
    await started.stop(id);
    await expect(started.status(id)).toHaveAttribute('data-status', 'paused');
  });
});
