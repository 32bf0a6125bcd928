import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { clientListXlsx } from '../support/client-list-file.js';
import { advanceClockTo, localDayAfter, serverNow, zonedInstant } from '../support/dev-clock.js';
import { NewMailingPage, StartedMailingsPage } from '../support/mailing-pages.js';
import { signInOnce } from '../support/owner-setup.js';
import { linkWhatsApp } from '../support/sandbox-api.js';
import { authHeaders } from '../support/session-token.js';

const OWNER = 111111;
const MOSCOW = 1001;
const MOSCOW_TZ = 'Europe/Moscow';
const SALON_WHATSAPP = '79990001011';
// A WhatsApp number linked today may send 20 messages a day (the governor's warm-up): a list of 25
// cannot all go today.
const LIST_SIZE = 25;
// WhatsApp pacing leaves 30–60 s between two messages of a number: each move of the clock by this
// much lets one more message go.
const PACING_STEP_MS = 70_000;
// The run's data folder (playwright.config.ts E2E_TMP): the server's DATA_DIR is its data/ folder.
const E2E_TMP = process.env.E2E_TMP_DIR
  ? path.resolve(process.env.E2E_TMP_DIR)
  : path.resolve(import.meta.dirname, '..', '.tmp');
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'mailing-stall-owner.json');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

async function startedRow(page: Page, id: string): Promise<ActionSendoutWire | undefined> {
  const answer = await page.request.get(`/api/mailing/action_sendouts?acc_id=${MOSCOW}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as ActionSendoutWire[]).find((r) => r.sendout_id === id);
}

// HH:MM on the branch's clocks.
function moscowTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: MOSCOW_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

// What the admin bot wrote to the owner (without a bot token it lands in DATA_DIR/bot-outbox).
function ownerNotices(sendoutId: string): string[] {
  const dir = path.join(E2E_TMP, 'data', 'bot-outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.includes(`-${OWNER}-sendout-${sendoutId}.txt.caption.txt`))
    .map((n) => readFileSync(path.join(dir, n), 'utf8'));
}

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  let launched: string | null = null;
  test.afterEach(async ({ page }) => {
    if (!launched) return;
    // Whatever happened, this send-out sends nothing into later specs.
    const started = new StartedMailingsPage(page);
    await started.open(MOSCOW);
    if (await page.getByTestId(`started-stop-${launched}`).isVisible()) await started.stop(launched);
    // The number's share of today is spent; later specs send through the same number, so the shared
    // clock moves on to the next day's sending window, where the number may send again.
    const now = await serverNow(page);
    await advanceClockTo(page, new Date(now.getTime() + 24 * 60 * 60 * 1000));
  });

  test('a send-out over the daily limit says so in the started list, with the time it goes on, and tells the owner once', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const code = `S${Date.now().toString(36).toUpperCase()}`;
    await linkWhatsApp(page, MOSCOW, SALON_WHATSAPP);
    // The send-out may send 00:00–23:00 on Moscow clocks (SPEC 9 defaults): a run that starts in the
    // evening would find the window closed before the day's limit. Outside 09:00–19:00 the scenario
    // starts at the next 10:00.
    const now = await serverNow(page);
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Moscow' }).format(now),
    );
    if (hour < 9 || hour >= 19) {
      const day = localDayAfter(now, 'Europe/Moscow', hour >= 19 ? 1 : 0);
      await advanceClockTo(page, zonedInstant(day, 10, 0, 'Europe/Moscow'));
    }

    const rows = Array.from({ length: LIST_SIZE }, (_, i) => ({
      name: `Клиент ${i + 1}`,
      phone: `7999300${String(1000 + i).padStart(4, '0')}`,
      city: 'Москва',
    }));
    const wizard = new NewMailingPage(page);
    await wizard.open(MOSCOW);
    await wizard.upload('stall.xlsx', await clientListXlsx(rows));
    await expect(wizard.parsedCount()).toHaveText(String(LIST_SIZE));
    await wizard.next('contents');
    await wizard.text().fill(`{name}, ждём вас: код ${code}`);
    await wizard.next('launch');
    await wizard.launch();

    const started = new StartedMailingsPage(page);
    const id = await started.idOf(started.rowWithText(code));
    launched = id;

    // The number sends one message per pacing gap: move the clock gap by gap until the day's share
    // is out and the send-out waits. The list is read through the page, whose session stays fresh
    // however far the clock moves.
    const note = page.getByTestId(`started-stall-${id}`);
    for (let round = 0; round < LIST_SIZE + 5; round += 1) {
      await advanceClockTo(page, new Date((await serverNow(page)).getTime() + PACING_STEP_MS));
      await started.open(MOSCOW);
      if (await note.isVisible()) break;
    }
    const row = await startedRow(page, id);
    expect(row?.stall?.reason).toBe('daily_limit');
    expect(row?.sent).toBeGreaterThan(0);
    expect(row?.sent).toBeLessThan(LIST_SIZE);
    const resumesAt = row?.stall?.resumes_at;
    expect(resumesAt).toBeTruthy();
    expect(new Date(resumesAt!).getTime()).toBeGreaterThan((await serverNow(page)).getTime());

    // The started list shows why it waits and when it goes on, on the branch's clocks.
    await expect(note).toHaveAttribute('data-reason', 'daily_limit');
    // The page says "tomorrow" by the browser's date; when the scenario moved the server to the next
    // morning, the browser's tomorrow is not the server's, and the page names the day.
    await expect(note).toContainText(
      new RegExp(`Достигнут дневной лимит — продолжится (завтра|\\d{2}\\.\\d{2}\\.\\d{4}) в ${moscowTime(resumesAt!)}`),
    );

    // The owner hears of it through the admin bot, once.
    await expect.poll(() => ownerNotices(id).length, { timeout: 30_000 }).toBe(1);
    expect(ownerNotices(id)[0]).toContain(`дневной лимит — продолжится завтра в ${moscowTime(resumesAt!)}`);
    await page.waitForTimeout(5_000);
    expect(ownerNotices(id)).toHaveLength(1);
  });
});
