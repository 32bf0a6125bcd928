import path from 'node:path';
import { expect, test } from '@playwright/test';
import { localDateTime, localDayAfter, serverNow } from '../support/dev-clock.js';
import { DevCrmPage } from '../support/dev-crm-page.js';
import {
  crmClient,
  InvitePage,
  inviteLinkIn,
  LoyaltyEditorPage,
  LoyaltyListPage,
  LoyaltyStatsPage,
  OfferingTemplate,
} from '../support/loyalty-pages.js';
import { signInOnce } from '../support/owner-setup.js';
import { clientMessages, linkWhatsApp } from '../support/sandbox-api.js';
import { authHeaders } from '../support/session-token.js';
import { TemplateEditorPage, TemplateListPage } from '../support/templates-pages.js';

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one (the channels spec,
// which runs first, expects to link it itself).
const SALON_WHATSAPP = '79990001011';
const MASTER = 'Ольга Кузнецова';
const SERVICE = 'Маникюр классический';
// One of the demo CRM's loyalty card types.
const CARD_TYPE = 'Бонусная карта 5%';
const PARENT_POINTS = 300;
const FRIEND_POINTS = 150;
// Clients of this spec only, both new to the CRM (a friend the CRM knows earns nothing).
const PARENT_NAME = 'Анна Приглашающая';
const PARENT = '79995550601';
const FRIEND_NAME = 'Мария Приглашённая';
const FRIEND = '79995550602';
// As she types it on the invite page.
const FRIEND_TYPED = '+7 999 555-06-02';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'loyalty-owner.json');

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  // The template answers every new booking of the branch: whatever happened, it is off for the
  // later specs (their clients' messages are counted exactly).
  let templateId: number | null = null;
  test.afterEach(async ({ page }) => {
    if (templateId === null) return;
    const off = await page.request.post(`/api/switch_template?acc_id=${MOSCOW}`, {
      headers: await authHeaders(page),
      data: { template_id: templateId, state: false, em: true },
    });
    expect(off.ok(), await off.text()).toBe(true);
  });

  test('a client invites a friend by the link a template sent; the friend signs up and pays, and both get their points', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const marker = Date.now().toString(36).toUpperCase();
    await linkWhatsApp(page, MOSCOW, SALON_WHATSAPP);

    // 1. The action: points for the friend's first paid visit, on the demo CRM's bonus card.
    const actionTitle = `Приведи подругу ${marker}`;
    const editor = new LoyaltyEditorPage(page);
    await editor.openNew(MOSCOW);
    await editor.fillFirstVisit({
      title: actionTitle,
      cardType: CARD_TYPE,
      parentPoints: PARENT_POINTS,
      friendPoints: FRIEND_POINTS,
    });
    const actionId = await editor.saveNew();
    const actions = new LoyaltyListPage(page);
    await actions.open(MOSCOW);
    await expect(actions.row(actionId)).toContainText(actionTitle);
    await expect(actions.row(actionId)).toHaveAttribute('data-active', 'true');

    // 2. An event template on record creation that offers the action with the client's link.
    const templates = new TemplateListPage(page);
    await templates.open(MOSCOW);
    await templates.newTemplate();
    const template = new TemplateEditorPage(page);
    await template.title().fill(`Приглашение подруги ${marker}`);
    await template.chooseCategory('По событию');
    await expect(page.getByTestId('timing-event')).toHaveValue('При создании записи');
    const offering = new OfferingTemplate(page);
    await offering.offer(actionTitle);
    await template.text().fill(`{name}, приводите подругу — вам ${PARENT_POINTS} баллов: {partner_link} ${marker}`);
    await expect(page.getByTestId('loyalty-no-link')).toHaveCount(0);
    await template.setActive(true);
    templateId = await template.saveNew();
    // The action's page names the template among those that offer it.
    await editor.open(MOSCOW, actionId);
    await expect(editor.dependents()).toContainText(`Приглашение подруги ${marker}`);

    // 3. The client books (five days ahead, before the salon's day: no later spec's clock gets
    // there) and gets the message with a personal invite link.
    const day = localDayAfter(await serverNow(page), MOSCOW_TZ, 5);
    const crm = new DevCrmPage(page);
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: PARENT_NAME,
      clientPhone: PARENT,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 8, 0),
    });
    const received = async () =>
      (await clientMessages(page, MOSCOW, PARENT))
        .filter((m) => m.direction === 'to_client' && m.body.includes(marker))
        .map((m) => m.body);
    await expect.poll(async () => (await received()).length, { timeout: 30_000 }).toBe(1);
    const [message] = await received();
    expect(message).toMatch(new RegExp(`^Анна, приводите подругу — вам ${PARENT_POINTS} баллов: \\S+ ${marker}$`));
    const link = inviteLinkIn(message!);
    expect(link, message).not.toBeNull();
    // Its work is done: off, it sends nothing more from the salon's number (the send-out specs
    // count that number's messages of the day) and greets no later spec's bookings.
    await new OfferingTemplate(page).switchOff(MOSCOW, templateId);

    // 4. The friend opens the link in her own browser: the offer names her points; she leaves her
    // name and a phone the salon does not know yet. The client's own phone on her link earns nothing.
    const friendContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'ru-RU' });
    const invite = new InvitePage(await friendContext.newPage());
    await invite.open(link!.href);
    await expect(invite.offer()).toContainText(`${FRIEND_POINTS} бонусов`);
    await invite.signUp(FRIEND_NAME, FRIEND_TYPED);
    await expect(invite.heading()).toHaveText('Спасибо!');
    await invite.open(link!.href);
    await invite.signUp(PARENT_NAME, `+${PARENT}`);
    await expect(invite.heading()).toHaveText('Заявка принята, но бонус не начисляется');
    await expect(invite.page.locator('main p')).toHaveText(/Нельзя пригласить самого себя/);
    await friendContext.close();

    // 5. She books, comes and pays.
    await crm.open(MOSCOW);
    await crm.createForNewClient({
      clientName: FRIEND_NAME,
      clientPhone: FRIEND,
      staff: MASTER,
      service: SERVICE,
      start: localDateTime(day, 9, 0),
    });
    const visit = crm.record(FRIEND_NAME);
    await visit.getByTestId('crm-action-came').click();
    await expect(visit.getByTestId('crm-record-status')).toHaveText('Пришёл');
    await visit.getByTestId('crm-action-pay').click();
    await expect(visit).toContainText('Оплачено');
    await expect(visit.getByTestId('crm-action-pay')).toHaveCount(0);

    // 6. The ledger pays both, and its push reaches their cards in the CRM.
    await expect
      .poll(async () => (await crmClient(page, MOSCOW, PARENT))?.bonus_balance, { timeout: 60_000 })
      .toBe(PARENT_POINTS);
    await expect
      .poll(async () => (await crmClient(page, MOSCOW, FRIEND))?.bonus_balance, { timeout: 60_000 })
      .toBe(FRIEND_POINTS);

    // 7. The statistics: one friend, who paid.
    const stats = new LoyaltyStatsPage(page);
    await stats.open(MOSCOW);
    await expect(stats.cell(actionId, 'countParent')).toHaveText('1');
    await expect(stats.cell(actionId, 'countChild')).toHaveText('1');
    await expect(stats.cell(actionId, 'countChildPaid')).toHaveText('1');
    await expect(stats.cell(actionId, 'amountAccruedBonusesParents')).toHaveText(String(PARENT_POINTS));
    await expect(stats.cell(actionId, 'amountAccruedBonusesChildren')).toHaveText(String(FRIEND_POINTS));

    // Paid once: the push sweep adds nothing more.
    expect((await crmClient(page, MOSCOW, PARENT))?.bonus_balance).toBe(PARENT_POINTS);
    expect((await crmClient(page, MOSCOW, FRIEND))?.bonus_balance).toBe(FRIEND_POINTS);
  });
});
