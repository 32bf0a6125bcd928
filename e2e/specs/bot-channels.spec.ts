import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { PriorityChannelBody, SmsSettingsWire } from '@salon/contract/settings';
import {
  clientMessage,
  linkWhatsAppKeepingConsent,
  logoutChannel,
  maxLinksIn,
  openBotLink,
  openConnection,
  restoreSms,
  sandboxBotUsername,
  shareContact,
  smsSettings,
} from '../support/bot-sandbox.js';
import { ChannelPriorityPage, savedPriority, savePriority } from '../support/channel-priority-page.js';
import { advanceClockTo, localDateTime, localDayAfter, serverNow } from '../support/dev-clock.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import { signInOnce } from '../support/owner-setup.js';
import { clientMessages } from '../support/sandbox-api.js';
import { SandboxPage } from '../support/sandbox-page.js';
import { authHeaders } from '../support/session-token.js';
import { SmsSettingsPage } from '../support/settings-pages.js';
import { TemplateEditorPage, TemplateListPage } from '../support/templates-pages.js';

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
// The salon's WhatsApp in the sandbox. This spec runs before the channels spec, which links it and
// accepts the registry rules itself: it is linked here without them and logged out afterwards.
const SALON_WHATSAPP = '79990001011';
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
// A token of the shape MAX's MasterBot issues; the sandbox accepts any such token.
const MAX_TOKEN = 'e2e_max_bot_token_0123456789abcdef';
const BOT = sandboxBotUsername(MAX_TOKEN);
// Client A is on WhatsApp and opts in to the bot; B's number (…0000) has no messenger at all.
const CLIENT_A = '79995550717';
const NAME_A = 'Алина Максова';
const CLIENT_B = '79995550000';
const NAME_B = 'Борис Безмессенджеров';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'bot-channels-owner.json');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

// The client's messages of this spec's template, newest first.
async function received(page: Page, phone: string, marker: string) {
  return (await clientMessages(page, MOSCOW, phone)).filter(
    (m) => m.direction === 'to_client' && m.body.includes(marker),
  );
}

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  // What the scenario changes on the branch, put back whatever happened: later specs count their
  // clients' messages and expect WhatsApp first, no bot and no SMS, and the channels spec a WhatsApp
  // it links itself.
  let templateId: number | null = null;
  let priorityBefore: PriorityChannelBody | null = null;
  let smsBefore: SmsSettingsWire | null = null;
  let botConnected = false;
  let whatsAppLinked = false;
  let wroteOnWhatsApp = false;
  test.afterEach(async ({ page }) => {
    if (page.url() === 'about:blank') await page.goto(`/main?accId=${MOSCOW}`);
    if (templateId !== null) {
      const off = await page.request.post(`/api/switch_template?acc_id=${MOSCOW}`, {
        headers: await authHeaders(page),
        data: { template_id: templateId, state: false, em: true },
      });
      expect(off.ok(), await off.text()).toBe(true);
      templateId = null;
    }
    if (priorityBefore) await savePriority(page, MOSCOW, priorityBefore);
    if (smsBefore) await restoreSms(page, MOSCOW, smsBefore);
    if (botConnected) await logoutChannel(page, MOSCOW, 'MAX');
    if (whatsAppLinked) await logoutChannel(page, MOSCOW, 'WA');
    // Each try on WhatsApp (B's too, who is not there) holds the number for 30–60 s of pacing: the
    // next spec's first message would wait that long, so the shared clock moves past it.
    if (wroteOnWhatsApp) await advanceClockTo(page, new Date((await serverNow(page)).getTime() + 61_000));
    priorityBefore = null;
    smsBefore = null;
    botConnected = false;
    whatsAppLinked = false;
    wroteOnWhatsApp = false;
  });

  test('a client who opts in from the MAX link gets the next reminder on MAX; one never opted in gets SMS', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const marker = `MX${Date.now().toString(36).toUpperCase()}`;
    whatsAppLinked = await linkWhatsAppKeepingConsent(page, MOSCOW, SALON_WHATSAPP);

    // 1. SMS on (the sandbox carries it whatever the provider) and the order MAX, WhatsApp, SMS
    // with hard priority.
    smsBefore = await smsSettings(page, MOSCOW);
    const sms = new SmsSettingsPage(page);
    await sms.open(MOSCOW);
    await sms.choose('SMS.RU');
    await sms.field('apiKey').fill('e2e-sandbox-api-key-123456');
    await sms.save();
    await sms.expectSaved();

    // 2. The MAX tab works on a phone's width before the bot is connected; then the token connects it.
    await page.setViewportSize({ width: 390, height: 844 });
    const connection = await openConnection(page, MOSCOW);
    await connection.botTab('MAX');
    await connection.expectBotState('MAX', 'noConnect');
    const connect = page.getByTestId('bot-connect-MAX');
    await expect(connect).toBeVisible();
    // Below the fold is fine; cut off at the side is not.
    await connect.scrollIntoViewIfNeeded();
    await expect(connect).toBeInViewport({ ratio: 1 });
    await page.setViewportSize({ width: 1280, height: 720 });

    await connection.connectBot('MAX', MAX_TOKEN);
    botConnected = true;
    await expect(page.getByTestId('bot-username-MAX')).toHaveText(`@${BOT}`);
    await expect(connection.botLink('MAX')).toHaveText(`https://max.ru/${BOT}`);
    expect(await connection.linkedClients('MAX')).toBe(0);

    priorityBefore = await savedPriority(page, MOSCOW);
    const priority = new ChannelPriorityPage(page);
    await priority.open(MOSCOW);
    await priority.moveTo('MAX', 1);
    await priority.moveTo('Whatsapp', 2);
    await priority.moveTo('SMS', 3);
    await priority.setSoft(false);
    await priority.save();
    expect(await savedPriority(page, MOSCOW)).toMatchObject({
      '1': 'MAX',
      '2': 'Whatsapp',
      '3': 'SMS',
      soft_priority: false,
    });

    // 3. An event template on record creation that invites the client to the bot.
    const templates = new TemplateListPage(page);
    await templates.open(MOSCOW);
    await templates.newTemplate();
    const template = new TemplateEditorPage(page);
    await template.title().fill(`Приглашение в MAX ${marker}`);
    await template.chooseCategory('По событию');
    await expect(page.getByTestId('timing-event')).toHaveValue('При создании записи');
    await template.text().fill(`{name}, подключите уведомления в MAX: {max_link} ${marker}`);
    await template.setActive(true);
    templateId = await template.saveNew();

    // 4. A books (six days ahead, before the salon's day: no later spec's clock gets there). A never
    // opted in, so MAX is skipped and WhatsApp carries her personal bot link.
    const day = localDayAfter(await serverNow(page), MOSCOW_TZ, 6);
    wroteOnWhatsApp = true;
    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: NAME_A,
      clientPhone: CLIENT_A,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 8, 0),
    });
    await expect.poll(async () => (await received(page, CLIENT_A, marker)).length, { timeout: 30_000 }).toBe(1);
    const [invite] = await received(page, CLIENT_A, marker);
    expect(invite!.kind).toBe('whatsapp');
    const [link] = maxLinksIn(invite!.body);
    expect(link, invite!.body).toMatch(new RegExp(`^https://max\\.ru/${BOT}\\?start=[A-Za-z0-9_-]+$`));
    expect(invite!.body).toBe(`Алина, подключите уведомления в MAX: ${link} ${marker}`);

    // 5. On her phone A opens the link; the bot asks for her number and she shares it.
    const sandbox = new SandboxPage(page);
    await sandbox.open(MOSCOW);
    await expect(clientMessage(sandbox, CLIENT_A, marker)).toBeVisible({ timeout: 15_000 });
    await openBotLink(sandbox, CLIENT_A, marker, link!);
    await shareContact(sandbox, CLIENT_A);
    await expect(sandbox.thread(CLIENT_A).getByTestId('sandbox-stop-bot-max')).toBeVisible();

    // The tab reads the count when it opens.
    await expect
      .poll(
        async () => {
          await openConnection(page, MOSCOW);
          await connection.botTab('MAX');
          return connection.linkedClients('MAX');
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // 6. A books again: MAX comes first and now reaches her.
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: NAME_A,
      clientPhone: CLIENT_A,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 9, 0),
    });
    await expect.poll(async () => (await received(page, CLIENT_A, marker)).length, { timeout: 30_000 }).toBe(2);
    const [onMax] = await received(page, CLIENT_A, marker);
    expect(onMax!.kind).toBe('max');
    expect(onMax!.body).toContain(marker);

    // 7. B never opted in and has no WhatsApp: MAX is skipped, WhatsApp does not reach him, SMS does.
    // WhatsApp's pacing (30–60 s between two messages of a number) may hold the try first.
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: NAME_B,
      clientPhone: CLIENT_B,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 10, 0),
    });
    await expect.poll(async () => (await received(page, CLIENT_B, marker)).length, { timeout: 90_000 }).toBe(1);
    const [bySms] = await received(page, CLIENT_B, marker);
    expect(bySms!.kind).toBe('sms');
    expect(bySms!.body).toMatch(new RegExp(`^Борис, подключите уведомления в MAX: \\S+ ${marker}$`));

    // The sandbox phone shows A's latest message with its MAX badge.
    await sandbox.open(MOSCOW);
    await expect(clientMessage(sandbox, CLIENT_A, marker).first().getByTestId('sandbox-message-channel')).toBeVisible();
  });
});
