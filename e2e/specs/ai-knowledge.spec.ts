import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { KnowledgePage, setAgentActive, type PickedFile } from '../support/ai-pages.js';
import { dayText } from '../support/date-text.js';
import { signInOnce } from '../support/owner-setup.js';
import { expectToast } from '../support/toast.js';

// Issue 15: the AI administrator's knowledge files with their live stages over the progress stream,
// the test chat answering from them and from the local CRM, the conversations and statistics pages.
// ai-settings.spec.ts runs next on the same database: the agent is left off, as the seed has it.

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'ai-knowledge-owner.json');

const PRICE_LIST = 'прайс-лист.docx';
const FAQ = 'вопросы.txt';
const FAKE_PDF = 'фото.pdf';

async function priceListDocx(): Promise<PickedFile> {
  const lines = [
    'Прайс-лист салона «Бархат на Тверской»',
    'Стрижка женская — 2500 ₽',
    'Стрижка мужская — 1500 ₽',
    'Маникюр классический — 1500 ₽',
    'Парковка: бесплатная у входа, для клиентов салона.',
    'Оплата картой и наличными.',
  ];
  const doc = new Document({
    sections: [{ children: lines.map((line) => new Paragraph({ children: [new TextRun(line)] })) }],
  });
  return {
    name: PRICE_LIST,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await Packer.toBuffer(doc),
  };
}

// About 150 KB: enough to move the total size bar by a visible step (it shows hundredths of a MB).
function faqTxt(): PickedFile {
  const answers = Array.from(
    { length: 900 },
    (_, i) => `Вопрос ${i + 1}: можно ли прийти с ребёнком? Ответ: да, в зале есть детский уголок и мультфильмы.`,
  );
  return { name: FAQ, mimeType: 'text/plain', buffer: Buffer.from(answers.join('\n'), 'utf8') };
}

// A photo given a document's name: the browser calls it a PDF by its name, the server reads its bytes.
function pngNamedPdf(): PickedFile {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return { name: FAKE_PDF, mimeType: 'application/pdf', buffer: png };
}

function moscowToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_TZ }).format(new Date());
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('knowledge files: live stages of a .docx up to ready, a photo named .pdf refused, a .txt deleted', async ({
    page,
  }) => {
    const knowledge = new KnowledgePage(page);
    await knowledge.recordStreamEvents();
    await knowledge.open(MOSCOW);
    await expect(page.getByTestId('ai-files-empty')).toBeVisible();
    const emptyTotal = (await knowledge.totalSize().innerText()).trim();
    await knowledge.recordFileStages();

    // The .docx: its card follows the file's progress stream from the upload to ready.
    const stream = page.waitForRequest((r) => /\/api\/v1\/files\/1001\/\d+\/state\/sse/.test(r.url()));
    await knowledge.upload(await priceListDocx());
    await stream;
    await expect(knowledge.state(PRICE_LIST)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    const seen = await knowledge.fileStagesSeen(PRICE_LIST);
    const readyAt = seen.findIndex((s) => s.state === 'ready');
    const before = seen.slice(0, readyAt);
    expect(before.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(
      before.some((s) => ['upload', 'convert', 'vectorize'].includes(s.state) && /Этап [1-4] из 4/.test(s.stage)),
      JSON.stringify(seen),
    ).toBe(true);
    // The ready state came over the stream (the first event is the state at connection time).
    const events = await knowledge.streamEvents();
    const ended = events.find((e) => e.event !== 'processing');
    expect(ended, JSON.stringify(events)).toMatchObject({ event: 'done', state: 'ready' });
    await expect(knowledge.file(PRICE_LIST).getByTestId('ai-file-stage')).toHaveCount(0);
    await expect(knowledge.file(PRICE_LIST).getByTestId('ai-file-meta')).toContainText(/\d+ фрагмент/);
    await expect(knowledge.summary(PRICE_LIST)).toContainText('Стрижка женская');
    // A new file is not part of the saved settings yet.
    await expect(page.getByTestId('ai-files-unsaved')).toBeVisible();
    await expect(knowledge.totalSize()).not.toHaveText(emptyTotal);
    const withDocx = (await knowledge.totalSize().innerText()).trim();

    // A photo renamed to .pdf: the server reads the bytes and refuses, in the user's language.
    await knowledge.upload(pngNamedPdf());
    await expect(knowledge.uploadItem(FAKE_PDF)).toHaveAttribute('data-status', 'failed');
    await expect(knowledge.uploadItem(FAKE_PDF).getByTestId('ai-upload-error')).toHaveText(
      'Расширение не совпадает с содержимым файла. Сохраните файл в одном из поддерживаемых форматов.',
    );
    await expect(knowledge.file(FAKE_PDF)).toHaveCount(0);
    await knowledge.uploadItem(FAKE_PDF).getByTestId('ai-upload-remove').click();
    await expect(knowledge.uploadItem(FAKE_PDF)).toHaveCount(0);

    // A .txt takes its room in the total, and gives it back when deleted (after a confirmation).
    await knowledge.upload(faqTxt());
    await expect(knowledge.state(FAQ)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('ai-files-count')).toHaveText('2 файла');
    await expect(knowledge.totalSize()).not.toHaveText(withDocx);
    await knowledge.deleteFile(FAQ);
    await expectToast(page, 'success', 'Файл удалён');
    await expect(knowledge.totalSize()).toHaveText(withDocx);
    await expect(page.getByTestId('ai-files-count')).toHaveText('1 файл');
    await expect(knowledge.state(PRICE_LIST)).toHaveAttribute('data-state', 'ready');
  });

  test('the test chat: off until the assistant is switched on, then prices, the knowledge file and a hand-over', async ({
    page,
  }) => {
    const knowledge = new KnowledgePage(page);
    const chat = knowledge.chat;
    await knowledge.open(MOSCOW);
    await expect(chat.status()).toHaveAttribute('data-state', 'disabled');
    await expect(chat.status()).toContainText('Ассистент выключен');

    await setAgentActive(page, MOSCOW, true);
    try {
      await knowledge.open(MOSCOW);
      // The settings were saved with the file: it is no longer "unsaved".
      await expect(page.getByTestId('ai-files-unsaved')).toHaveCount(0);
      await expect(chat.status()).toHaveAttribute('data-state', 'active');

      // Manual mode (the default): the price from the local CRM's list waits for an admin.
      await chat.ask('Сколько стоит стрижка женская?');
      await expect(chat.status()).toHaveAttribute('data-state', 'waiting_admin');
      await expect(chat.suggestion().getByTestId('ai-suggestion-body')).toContainText(
        /Женская стрижка — от 2\s?500 ₽ до 3\s?500 ₽/,
      );
      await chat.suggestion().getByTestId('ai-suggestion-send').click();
      await expect(chat.suggestion()).toHaveCount(0);
      await expect(chat.botMessages().last()).toContainText(/Женская стрижка — от 2\s?500 ₽/);
      await expect(chat.status()).toHaveAttribute('data-state', 'active');

      // What only the uploaded .docx knows.
      await chat.ask('Есть ли у вас парковка?');
      await expect(chat.suggestion().getByTestId('ai-suggestion-body')).toContainText('бесплатная у входа');
      await chat.suggestion().getByTestId('ai-suggestion-delete').click();
      await expect(chat.suggestion()).toHaveCount(0);
      await expect(chat.status()).toHaveAttribute('data-state', 'message_deleted');

      // Off-topic: handed to a person, with the hand-over message (SPEC 8), and the bot stays silent.
      await chat.ask('Какая погода на Марсе?');
      await expect(chat.botMessages().last()).toHaveText(/Переключаю на администратора, пожалуйста, подождите\./);
      await expect(chat.status()).toHaveAttribute('data-state', 'locked_by_admin');
      await expect(chat.status()).toContainText('Передано администратору');
      await expect(page.getByTestId('ai-chat-status-reason')).toContainText('ассистент не нашёл ответа');
      await page.getByTestId('ai-chat-unlock').click();
      await expect(chat.status()).toHaveAttribute('data-state', 'active');

      await chat.clear();
      await expect(chat.messages()).toHaveCount(0);
    } finally {
      await setAgentActive(page, MOSCOW, false);
    }
    await page.reload();
    await expect(page.getByTestId('ai-active')).not.toBeChecked();
    await expect(page.getByTestId('ai-aggregation')).toHaveValue('5');
    await expect(page.getByTestId('ai-mode-manual')).toBeChecked();
  });

  test('conversations and statistics open; the range shortcut and the feedback form work', async ({ page }) => {
    // The test chat is not a client's conversation, and no client has written yet.
    await page.goto(`/ai_admin?accId=${MOSCOW}`);
    await expect(page.getByTestId('ai-conversations')).toBeVisible();
    await expect(page.getByTestId('ai-conversations-empty')).toBeVisible();

    // Nothing happened with clients (the test chat does not count): the statistics say so.
    await page.goto(`/ai_admin_statistics?accId=${MOSCOW}`);
    await expect(page.getByTestId('ai-stats-empty')).toBeVisible();
    const today = moscowToday();
    await expect(page.getByTestId('ai-stats-from')).toHaveValue(dayText(`${today.slice(0, 8)}01`));
    await expect(page.getByTestId('ai-stats-to')).toHaveValue(dayText(today));
    // Read again for the new range (unless the month began six days ago: then it is the same one).
    const asked = today.endsWith('-07')
      ? null
      : page.waitForRequest(
          (r) => r.url().includes('/api/ai/api/v1/statistics') && r.url().includes(`date_start=${addDays(today, -6)}`),
        );
    await page.getByTestId('ai-stats-shortcuts').click();
    await page.getByTestId('ai-stats-shortcut-last7').click();
    await expect(page.getByTestId('ai-stats-from')).toHaveValue(dayText(addDays(today, -6)));
    await expect(page.getByTestId('ai-stats-to')).toHaveValue(dayText(today));
    await expect(page.getByTestId('ai-stats-shortcuts')).toHaveText('Последние 7 дней');
    if (asked) await asked;

    // Feedback: nothing to send while the text is empty (spaces count as empty).
    await page.getByTestId('ai-feedback-open').click();
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    const send = page.getByTestId('ai-feedback-send');
    await expect(send).toBeDisabled();
    await page.getByTestId('ai-feedback-text').fill('   ');
    await expect(send).toBeDisabled();
    await page
      .getByTestId('ai-feedback-text')
      .fill('Бот хорошо отвечает про цены, добавьте ответы про подарочные сертификаты.');
    await expect(send).toBeEnabled();
    const sent = page.waitForResponse(
      (r) => r.url().includes('/api/ai/api/v1/feedback') && r.request().method() === 'POST',
    );
    await send.click();
    expect((await sent).ok()).toBe(true);
    await expectToast(page, 'success');
    await expect(modal).toHaveCount(0);
  });

  test('on a phone the instructions page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const knowledge = new KnowledgePage(page);
    await knowledge.open(MOSCOW);
    await expect(knowledge.state(PRICE_LIST)).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('ai-test-chat')).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});
