import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { botMessagesAfter } from '../support/bot-outbox.js';
import { ConnectionPage } from '../support/connection-page.js';
import { advanceClockTo, zonedInstant, type LocalDate } from '../support/dev-clock.js';
import { signInOnce } from '../support/owner-setup.js';
import { payData, PayPage, reloadWhenPayData, SandboxCheckoutPage, setBranchPhone } from '../support/pay-pages.js';
import { logLength } from '../support/server-log.js';

// Issue 16 item 7: a failed autopay warns the owner and, after the grace, the channel shows not
// paid; a payment brings it back. Vladivostok (no payment data in the demo) pays a month, saves a
// card the sandbox bank refuses later (ending 0002), then the clock walks through the three tries
// (paid-till D: D-3, D-1, D+1) and the grace (till D+3). This project runs after every other spec:
// it moves the server's shared clock by a month.

const OWNER = 111111;
const VLADIVOSTOK = 1003;
const ZONE = 'Asia/Vladivostok';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'dunning-owner.json');
const DECLINING_CARD = '4000000000000002';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: OWNER_STATE, locale: 'ru-RU' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

function dayOf(text: string): LocalDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
function plusDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

async function payInCheckout(page: Page, card?: string): Promise<void> {
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectOpen();
  if (card) await page.locator('#card').fill(card);
  await checkout.pay();
  await expect(page).toHaveURL(new RegExp(`/pay\\?accId=${VLADIVOSTOK}`));
}

test('declined autopay tries warn the owner, the grace ends with WhatsApp not paid, a payment brings it back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await setBranchPhone(page, VLADIVOSTOK, '79140000103');
  const connection = new ConnectionPage(page);
  await connection.open(VLADIVOSTOK);
  await connection.expectState('wa', 'noConnect');

  // A month of WhatsApp and Telegram by card.
  const pay = new PayPage(page);
  await pay.open(VLADIVOSTOK);
  await pay.choose(1, ['WA', 'TG']);
  await pay.pay();
  await payInCheckout(page);
  await reloadWhenPayData(page, VLADIVOSTOK, (data) => data.pay_status);
  await expect(pay.status()).toHaveAttribute('data-state', 'paid');

  // Autopay with the card the bank will refuse.
  await pay.connectAutopay();
  await payInCheckout(page, DECLINING_CARD);
  await reloadWhenPayData(page, VLADIVOSTOK, (data) => data.autopay);
  await expect(pay.autopay()).toHaveText('Автоплатёж подключён, карта •••• 0002');

  const till = dayOf((await payData(page, VLADIVOSTOK)).pay_date!);
  const at = (offset: number) => zonedInstant(plusDays(till, offset), 12, 0, ZONE);

  // Each try is declined, and the owner hears of it with the next try's day; the last one says
  // when the channels will be switched off.
  for (const [offset, expected] of [
    [-3, 'Следующая попытка'],
    [-1, 'Следующая попытка'],
    [1, 'Попыток больше не будет'],
  ] as const) {
    const since = logLength();
    await advanceClockTo(page, at(offset));
    const texts = await botMessagesAfter(since, OWNER, 1);
    const failure = texts.find((t) => t.includes('Автоплатёж не прошёл'));
    expect(failure, texts.join('\n---\n')).toBeDefined();
    expect(failure).toContain('•• 0002');
    expect(failure).toContain(expected);
  }
  // Still within the grace: the channel keeps its state.
  await connection.open(VLADIVOSTOK);
  await connection.expectState('wa', 'noConnect');

  // The grace is over: WhatsApp is not paid, and the owner is told.
  const since = logLength();
  await advanceClockTo(page, at(4));
  const texts = await botMessagesAfter(since, OWNER, 1);
  expect(
    texts.some((t) => t.includes('WhatsApp')),
    texts.join('\n---\n'),
  ).toBe(true);
  await connection.open(VLADIVOSTOK);
  await connection.expectState('wa', 'notPaid');

  // Paid again with a good card: the channel comes back by itself.
  await pay.open(VLADIVOSTOK);
  await pay.choose(1, ['WA', 'TG']);
  await pay.pay();
  const lapsedTill = till;
  await payInCheckout(page);
  await reloadWhenPayData(page, VLADIVOSTOK, (data) => data.pay_status && data.pay_date !== null);
  expect(dayOf((await payData(page, VLADIVOSTOK)).pay_date!)).not.toEqual(lapsedTill);
  await connection.open(VLADIVOSTOK);
  await connection.expectState('wa', 'noConnect');
});
