import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AutoResponsePage } from '../support/auto-response-page.js';
import { ConnectionPage } from '../support/connection-page.js';
import { signInOnce } from '../support/owner-setup.js';
import { clientMessages, clientWrites, linkWhatsApp } from '../support/sandbox-api.js';

const OWNER = 111111;
const MOSCOW = 1001;
// The salon's WhatsApp number in the sandbox, linked if no earlier spec linked one (the channels spec,
// which runs first, expects to link it itself).
const SALON_WHATSAPP = '79990001011';
// A client of this spec only.
const CLIENT = '79995550404';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'key-phrases-owner.json');
// The smallest PDF the server's byte sniffing takes for a document.
const PRICE_LIST = {
  name: 'price-list.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
};

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('a key phrase answers a client with a file in any word form, and not again within the period', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const marker = Date.now().toString(36).toUpperCase();
    await linkWhatsApp(page, MOSCOW, SALON_WHATSAPP);

    // 1. Two phrases: «прайс» answers with the price list, «адрес» with a text.
    const phrases = new AutoResponsePage(page);
    await phrases.open(MOSCOW);
    const price = await phrases.addCard();
    await phrases.addWord(price, 'прайс');
    await phrases.fileReply(price, PRICE_LIST, `Наш прайс ${marker}`);
    await phrases.save(price, 'Автоответ добавлен');
    const address = await phrases.addCard();
    await phrases.addWord(address, 'адрес');
    await phrases.textReply(address, `Мы на Тверской, 1 ${marker}`);
    await phrases.save(address, 'Автоответ добавлен');
    // A reload shows both as the server keeps them.
    await page.reload();
    await expect(phrases.card(price).getByTestId(`key-phrase-file-${price}-name`)).toContainText('price-list.pdf');
    await expect(phrases.card(address).getByTestId(`key-phrase-reply-${address}`)).toHaveValue(
      `Мы на Тверской, 1 ${marker}`,
    );

    // 2. The salon writes first, so the conversation exists; then the client asks in another word form.
    const connection = new ConnectionPage(page);
    await connection.open(MOSCOW);
    await connection.sendTestMessage(CLIENT, `Здравствуйте! ${marker}`);
    const toClient = async () =>
      (await clientMessages(page, MOSCOW, CLIENT)).filter((m) => m.direction === 'to_client' && m.body.includes(marker));
    await expect.poll(async () => (await toClient()).length, { timeout: 60_000 }).toBe(1);
    await clientWrites(page, MOSCOW, CLIENT, 'Добрый день! Пришлите, пожалуйста, ваши прайсы', 'Лена Ответова');

    // 3. The price list arrives as a file with its caption.
    await expect
      .poll(async () => (await toClient()).filter((m) => m.media?.file_name === 'price-list.pdf').length, {
        timeout: 60_000,
      })
      .toBe(1);
    const sent = (await toClient()).find((m) => m.media?.file_name === 'price-list.pdf')!;
    expect(sent.body).toBe(`Наш прайс ${marker}`);
    expect(sent.media?.content_type).toBe('application/pdf');

    // 4. Asked again within the period: no second price list. The «адрес» answer that follows shows
    // the second question was handled before it.
    await clientWrites(page, MOSCOW, CLIENT, 'А прайс можно ещё раз?', 'Лена Ответова');
    await clientWrites(page, MOSCOW, CLIENT, 'И какой у вас адрес?', 'Лена Ответова');
    await expect
      .poll(async () => (await toClient()).some((m) => m.body === `Мы на Тверской, 1 ${marker}`), { timeout: 60_000 })
      .toBe(true);
    expect((await toClient()).filter((m) => m.media?.file_name === 'price-list.pdf')).toHaveLength(1);

    // Switched off, they answer nobody in the other specs.
    await phrases.open(MOSCOW);
    await phrases.switchOff(price);
    await phrases.switchOff(address);
  });
});
