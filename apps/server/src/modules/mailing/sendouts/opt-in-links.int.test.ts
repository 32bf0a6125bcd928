import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../channels/schema.js';
import { botInvites } from '../../../channels/reach/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { mailingCalls } from '../../../test-support/mailing/calendar-harness.js';
import { insertLaunchedSendout } from '../../../test-support/mailing/sendout-fixtures.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const VLADIVOSTOK = DEMO_BRANCHES.vladivostok;
const BOT = 'salon_moscow_tg_bot';

// {tg_bot_link} and {max_link} in send-outs (issue 19): each recipient gets the branch's connected
// bot's deep link with their own invite token, through the real runtime's wiring.
describe.each(DB_KINDS)('send-out opt-in links (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const db = () => app.runtime.database.db;
  const calls = mailingCalls(
    () => app,
    () => owner,
  );

  // An instance as a connected one looks, without a session (this app runs no channel host).
  const connect = async (accId: number, channel: string, phone: string) => {
    const { repo } = app.runtime.channels;
    const instance = await repo.ensureInstance(accId, channel, 'sandbox', app.clock.now());
    await repo.update(instance.id, { status: 'authenticated', phone });
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner, '10.63.0.1')).token;
    await connect(MOSCOW, 'whatsapp', '79160000041');
    await connect(MOSCOW, 'tg_bot', BOT);
    await connect(VLADIVOSTOK, 'whatsapp', '79160000042');
  });
  afterAll(async () => {
    await app?.close();
  });

  // A started send-out of two recipients, queued by one sending pass; its rows by phone.
  async function sent(accId: number, phonePrefix: string, text: string) {
    const now = app.clock.now();
    const launched = await insertLaunchedSendout(db(), {
      accId,
      count: 2,
      batchLen: 100,
      betweenTime: 60,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix,
      text,
    });
    await app.runtime.sendouts.sender.pass(now);
    const rows = await db()
      .select({ recipient: outbox.recipient, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.source, 'sendout'), eq(outbox.sourceId, launched.id)))
      .orderBy(asc(outbox.recipient));
    return { phones: launched.phones, bodies: new Map(rows.map((r) => [r.recipient, r.body])) };
  }

  const tokenOf = async (accId: number, phone: string) =>
    (
      await db()
        .select({ token: botInvites.token })
        .from(botInvites)
        .where(and(eq(botInvites.accId, accId), eq(botInvites.phone, phone)))
    ).map((r) => r.token);

  it('accepts the opt-in keys at launch whatever the list’s columns', async () => {
    const parsed = await calls.parse(MOSCOW, [
      ['Имя', 'Телефон'],
      ['Анна', '79580000001'],
    ]);
    const res = await calls.postForm('start_sendout', MOSCOW, {
      sendout_id: parsed.sendout_id,
      text: '{name}, уведомления в Telegram: {tg_bot_link}, в MAX: {max_link}',
      count: 1,
      sendout_batch_len: 100,
      between_time: 10,
      consent_true: true,
      consent_neutral: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives each recipient the bot’s link with their own token, the same in the next send-out', async () => {
    const first = await sent(MOSCOW, '799571', '{name}, бот салона: {tg_bot_link}');
    expect(first.bodies.size).toBe(2);
    const tokens: string[] = [];
    for (const [position, phone] of first.phones.entries()) {
      const [token] = await tokenOf(MOSCOW, phone);
      expect(token).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      tokens.push(token!);
      expect(first.bodies.get(phone)).toBe(`Клиент${position}, бот салона: https://t.me/${BOT}?start=${token}`);
    }
    expect(tokens[0]).not.toBe(tokens[1]);

    const again = await sent(MOSCOW, '799571', 'Снова: {tg_bot_link}');
    for (const [position, phone] of again.phones.entries()) {
      expect(again.bodies.get(phone)).toBe(`Снова: https://t.me/${BOT}?start=${tokens[position]}`);
      expect(await tokenOf(MOSCOW, phone)).toEqual([tokens[position]]);
    }
  });

  it('leaves the link empty where the branch has no such bot, making no token', async () => {
    const vladivostok = await sent(VLADIVOSTOK, '799572', '{name}, бот салона: {tg_bot_link}');
    const moscowMax = await sent(MOSCOW, '799573', '{name}, MAX: {max_link}');
    for (const [position, phone] of vladivostok.phones.entries()) {
      expect(vladivostok.bodies.get(phone)).toBe(`Клиент${position}, бот салона:`);
      expect(moscowMax.bodies.get(moscowMax.phones[position]!)).toBe(`Клиент${position}, MAX:`);
    }
    const made = await db()
      .select({ phone: botInvites.phone })
      .from(botInvites)
      .where(sql`${like(botInvites.phone, '799572%')} or ${like(botInvites.phone, '799573%')}`);
    expect(made).toEqual([]);
  });
});
