import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ChatHistoryPage } from '../support/chat-history-page.js';
import { ConnectionPage } from '../support/connection-page.js';
import { signInOnce } from '../support/owner-setup.js';
import { clientMessages, clientWrites, linkWhatsApp } from '../support/sandbox-api.js';
import { SandboxPage } from '../support/sandbox-page.js';

const OWNER = 111111;
const MOSCOW = 1001;
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one.
const SALON_WHATSAPP = '79990001011';
// A client of this spec only: their conversation starts here.
const CLIENT = '79995557711';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'inbox-owner.json');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('a client writes, the owner answers from the inbox, and the answer reaches the client phone', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const marker = Date.now().toString(36).toUpperCase();
    await linkWhatsApp(page, MOSCOW, SALON_WHATSAPP);

    // The salon's message opens the sandbox conversation; the client then writes back.
    const connection = new ConnectionPage(page);
    await connection.open(MOSCOW);
    await connection.sendTestMessage(CLIENT, `Здравствуйте! Ждём вас ${marker}`);
    await expect
      .poll(async () => (await clientMessages(page, MOSCOW, CLIENT)).some((m) => m.body.includes(marker)), {
        timeout: 60_000,
      })
      .toBe(true);
    const question = `Можно перенести запись? ${marker}`;
    await clientWrites(page, MOSCOW, CLIENT, question, 'Вера Инбоксова');

    // The inbox lists the conversation with the unread question; opening it shows who wrote what.
    const inbox = new ChatHistoryPage(page);
    await inbox.open(MOSCOW);
    const item = inbox.conversation(CLIENT);
    await expect(item.getByTestId('chat-conversation-last')).toContainText(question, { timeout: 30_000 });
    await expect(item).toContainText('Вера Инбоксова');
    await expect(item.getByTestId('chat-unread')).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(/conversation=\d+/);
    const thread = inbox.thread();
    await expect(thread.locator('[data-author="client"]', { hasText: question })).toBeVisible();
    await expect(thread.locator('[data-author="bot"]', { hasText: marker })).toBeVisible();
    // Reading the conversation clears its unread count.
    await expect(item.getByTestId('chat-unread')).toHaveCount(0);

    // The owner answers; the reply shows as the salon's, signed with the owner's name.
    const answer = `Да, конечно, на завтра в 12:00 ${marker}`;
    await inbox.reply(answer);
    const mine = thread.locator('[data-author="salon"]', { hasText: answer });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('chat-author')).toContainText('Анна Соколова');

    // The client's phone gets it on WhatsApp, once.
    await expect
      .poll(
        async () =>
          (await clientMessages(page, MOSCOW, CLIENT)).filter((m) => m.direction === 'to_client' && m.body === answer)
            .length,
        { timeout: 60_000 },
      )
      .toBe(1);
    await expect(mine).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 30_000 });
    // A reload keeps the conversation open.
    await page.reload();
    await expect(inbox.thread().locator('[data-author="salon"]', { hasText: answer })).toBeVisible();

    // And the sandbox page shows it in the client's thread.
    const sandbox = new SandboxPage(await context.newPage());
    await sandbox.open();
    await expect(sandbox.thread(CLIENT).getByText(answer)).toBeVisible({ timeout: 30_000 });
    await sandbox.page.close();
  });
});
