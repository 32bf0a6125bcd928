import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TemplateSettings } from '@salon/contract/templates';
import { outbox } from '../../../channels/schema.js';
import { botInvites } from '../../../channels/reach/schema.js';
import type { CrmRecord } from '../../../crm/crm.js';
import { deriveRecordKinds } from '../../../crm/derive.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { insertTemplate, record as makeRecord } from '../../../test-support/templates/engine-fixtures.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const VLADIVOSTOK = DEMO_BRANCHES.vladivostok;
const BOT = 'salon_moscow_bot';

// {max_link} and {tg_bot_link} in templates (issue 19): the branch's connected bot's deep link with
// the client's own invite token, through the real runtime's wiring of the channels' opt-in.
describe.each(DB_KINDS)('template opt-in links (%s)', (kind) => {
  let app: TestApp;
  let seq = 0;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // Moscow's MAX bot is connected; Vladivostok has none.
    const now = app.clock.now();
    const bot = await app.runtime.channels.repo.ensureInstance(MOSCOW, 'max', 'sandbox', now);
    await app.runtime.channels.repo.update(bot.id, { status: 'authenticated', phone: BOT });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-12-09T06:00:00Z');
    await db().execute(sql`update templates set active = false`);
  });

  const addTemplate = (accId: number, settings: Partial<TemplateSettings>, text: string) =>
    insertTemplate(
      db(),
      accId,
      { attendance: [], ...settings, when_send: settings.when_send! },
      text,
      app.clock.now(),
      `t-${settings.when_send}`,
    );

  async function crmChange(accId: number, next: CrmRecord): Promise<void> {
    const { repo, processor } = app.runtime.crm;
    const kinds = deriveRecordKinds(await repo.record(accId, next.id), next);
    await repo.saveRecord(accId, next);
    await repo.addEvent(
      {
        accId,
        source: 'test',
        change: { companyId: 0, resource: 'record', resourceId: next.id, status: 'update', data: null },
        dedupKey: `test:${accId}:${next.id}:${next.changedAt.toISOString()}:${kinds.join(',')}`,
        state: 'derived',
        kinds,
      },
      app.clock.now(),
    );
    await processor.processPending();
  }

  const visit = (accId: number, phone: string) => {
    seq += 1;
    return makeRecord({
      id: `optin-${accId}-${seq}`,
      clientId: null,
      clientPhone: phone,
      startsAt: new Date('2026-12-10T11:00:00Z'),
      changedAt: app.clock.now(),
      createdAt: app.clock.now(),
    });
  };

  const bodiesFor = async (phone: string) =>
    (
      await db()
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, phone), eq(outbox.source, 'template')))
        .orderBy(asc(outbox.id))
    ).map((r) => r.body);

  const tokenOf = async (accId: number, phone: string) =>
    (
      await db()
        .select({ token: botInvites.token })
        .from(botInvites)
        .where(and(eq(botInvites.accId, accId), eq(botInvites.phone, phone)))
    ).map((r) => r.token);

  it('a reminder carries the connected bot’s link with the client’s own token, the same each time', async () => {
    await addTemplate(
      MOSCOW,
      { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
      'Напоминания в MAX: {max_link}',
    );
    const anna = '79991110001';
    const olga = '79991110002';
    await crmChange(MOSCOW, visit(MOSCOW, anna));
    await crmChange(MOSCOW, visit(MOSCOW, anna));
    await crmChange(MOSCOW, visit(MOSCOW, olga));

    const [annaToken] = await tokenOf(MOSCOW, anna);
    const [olgaToken] = await tokenOf(MOSCOW, olga);
    expect(annaToken).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(olgaToken).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(olgaToken).not.toBe(annaToken);
    const annaLink = `https://max.ru/${BOT}?start=${annaToken}`;
    expect(await bodiesFor(anna)).toEqual([`Напоминания в MAX: ${annaLink}`, `Напоминания в MAX: ${annaLink}`]);
    expect(await bodiesFor(olga)).toEqual([`Напоминания в MAX: https://max.ru/${BOT}?start=${olgaToken}`]);
  });

  it('a bot the branch has not connected gives an empty link and makes no token', async () => {
    await addTemplate(
      MOSCOW,
      { when_send: 'event', when_send2: 'record_create' },
      'Вы записаны. Бот в Telegram: {tg_bot_link}',
    );
    await addTemplate(VLADIVOSTOK, { when_send: 'event', when_send2: 'record_create' }, 'Вы записаны. MAX: {max_link}');
    const moscowClient = '79991110003';
    const vladivostokClient = '79991110004';
    await crmChange(MOSCOW, visit(MOSCOW, moscowClient));
    await crmChange(VLADIVOSTOK, visit(VLADIVOSTOK, vladivostokClient));
    expect(await bodiesFor(moscowClient)).toEqual(['Вы записаны. Бот в Telegram:']);
    expect(await bodiesFor(vladivostokClient)).toEqual(['Вы записаны. MAX:']);
    expect(await tokenOf(MOSCOW, moscowClient)).toEqual([]);
    expect(await tokenOf(VLADIVOSTOK, vladivostokClient)).toEqual([]);
  });

  it('a text without the variables makes no token', async () => {
    await addTemplate(MOSCOW, { when_send: 'event', when_send2: 'record_create' }, 'Вы записаны на {day_month}');
    const phone = '79991110005';
    await crmChange(MOSCOW, visit(MOSCOW, phone));
    expect(await bodiesFor(phone)).toEqual(['Вы записаны на 10 декабря']);
    expect(await tokenOf(MOSCOW, phone)).toEqual([]);
  });

  it('a birthday greeting carries the link too', async () => {
    const now = app.clock.now();
    await addTemplate(
      MOSCOW,
      { when_send: 'happy_birthday', when_send2: 0, when_time: '11:00' },
      'С днём рождения, {name}! {max_link}',
    );
    const phone = '79991110006';
    await app.runtime.crm.repo.saveClient(MOSCOW, {
      id: 'optin-bday',
      name: 'Ольга Петрова',
      phone,
      email: null,
      birthday: '1990-12-09',
      sex: 2,
      categories: [],
      successVisits: 1,
      failVisits: 0,
      bonusBalance: 0,
      createdAt: now,
      updatedAt: now,
    });
    await app.runtime.templates.engine.birthdaySweep();
    const [token] = await tokenOf(MOSCOW, phone);
    expect(token).toBeDefined();
    expect(await bodiesFor(phone)).toEqual([`С днём рождения, Ольга! https://max.ru/${BOT}?start=${token}`]);
  });
});
