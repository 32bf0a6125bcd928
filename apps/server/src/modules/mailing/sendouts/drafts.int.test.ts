import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS, MAX_CLIENT_LIST_BYTES } from '@salon/contract/mailing-clients';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { blacklist } from '../../blacklist/schema.js';
import { consents } from '../../consents/schema.js';
import { NO_PACING } from '../../../channels/dispatch/governor.js';
import { crmClients, crmRecords } from '../../../crm/schema.js';
import { queryRows } from '../../../platform/db/client.js';
import { createLogger } from '../../../platform/logger.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { CalendarRepository } from '../calendar/calendar-repository.js';
import { CalendarContexts } from '../calendar/context.js';
import { sendoutRecipients, sendouts } from '../schema.js';
import { DraftRepository } from './draft-repository.js';
import { DRAFT_TTL_MS, SendoutDrafts } from './drafts.js';
import { mailingCalls, xlsx } from '../../../test-support/mailing/calendar-harness.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const DAY = 86_400_000;
type Fail = { ok: false; status: string; detail?: string };

// SPEC 3/5/7/8 Mailing: POST /parse_xlsx makes a draft send-out of an uploaded client list and
// answers the parse figures; refused files change nothing. The clock stays at the harness's
// 2026-03-10T09:00Z (12:00 in Moscow) unless a test says otherwise.
describe.each(DB_KINDS)('client list upload and send-out drafts (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const db = () => app.runtime.database.db;
  const calls = mailingCalls(
    () => app,
    () => owner,
  );
  const now = () => app.clock.now();

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner, '10.61.0.1')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const tmpFiles = () => {
    try {
      return readdirSync(path.join(app.runtime.config.dataDir, 'uploads', '.tmp'));
    } catch {
      return [];
    }
  };
  // Everything a parse writes, so a refused upload can be shown to have written nothing.
  const snapshot = async () => ({
    sendouts: await queryRows(db(), sql`select id, status from sendouts order by id`),
    recipients: await queryRows(db(), sql`select count(*)::int as n from sendout_recipients`),
    files: await queryRows(db(), sql`select count(*)::int as n from files`),
    tmp: tmpFiles(),
  });
  const recipientsOf = (id: string) =>
    db()
      .select({
        position: sendoutRecipients.position,
        phone: sendoutRecipients.phone,
        name: sendoutRecipients.name,
        vars: sendoutRecipients.vars,
        consent: sendoutRecipients.consent,
        visits: sendoutRecipients.visits,
        lastVisitAt: sendoutRecipients.lastVisitAt,
        accId: sendoutRecipients.accId,
      })
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, id))
      .orderBy(asc(sendoutRecipients.position));

  const record = (id: string, phone: string, startsAt: string, attendance: number, deleted = false) => ({
    accId: moscow,
    id,
    clientPhone: phone,
    startsAt: new Date(startsAt),
    lengthSec: 3600,
    attendance,
    deleted,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    changedAt: new Date('2026-01-01T00:00:00Z'),
  });
  const client = (id: string, phone: string, successVisits: number) => ({
    accId: moscow,
    id,
    name: `Клиент ${id}`,
    phone,
    successVisits,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
  });

  it('makes a draft of the list with each recipient’s consent and CRM facts, and answers the parse figures', async () => {
    // A: consent, 5 visits, last came 9 days ago (a later no-show and a deleted visit do not count).
    // B: declined, 3 visits, last came 29.9 days ago. C: asked, no answer (await), a CRM client who
    // never came. D: unknown to the CRM and the consent list (neutral). E: listed, not asked (neutral).
    await db()
      .insert(crmClients)
      .values([client('t-a', '79550000001', 5), client('t-b', '79550000002', 3), client('t-c', '79550000003', 2)]);
    await db()
      .insert(crmRecords)
      .values([
        record('t-a1', '79550000001', '2026-02-01T09:00:00Z', 1),
        record('t-a2', '79550000001', '2026-03-01T09:00:00Z', 1),
        record('t-a3', '79550000001', '2026-03-05T09:00:00Z', -1),
        record('t-a4', '79550000001', '2026-03-08T09:00:00Z', 1, true),
        record('t-b1', '79550000002', '2026-02-08T12:00:00Z', 1),
        record('t-c1', '79550000003', '2026-03-12T09:00:00Z', 0),
      ]);
    await db()
      .insert(consents)
      .values([
        { accId: moscow, phone: '79550000001', active: true, consent: true },
        { accId: moscow, phone: '79550000002', active: true, consent: false },
        { accId: moscow, phone: '79550000003', active: true, consent: null },
        { accId: moscow, phone: '79550000005', active: false, consent: null },
        // Another branch's consent says nothing about this one.
        { accId: yekaterinburg, phone: '79550000004', active: true, consent: false },
      ]);
    await db().insert(blacklist).values({ accId: moscow, phone: '79550000006' });

    const answer = await calls.parse(moscow, [
      ['Имя', 'Телефон', 'Мастер'],
      ['Анна', '+7 955 000-00-01', 'Алина'],
      ['Борис', '89550000002', 'Вика'],
      ['Вера', '9550000003', null],
      ['Галина', '79550000004', 'Алина'],
      ['Дина', '7 955 000 00 05', 'Вика'],
      ['Стоп', '79550000006', 'Алина'],
      ['Анна снова', '79550000001', 'Алина'],
      ['Без номера', 'нет телефона', 'Алина'],
    ]);

    expect(answer).toEqual({
      keys: ['name', 'phone', 'мастер'],
      count: 5,
      // Five messages 10 s apart from the allowed start: the last one's slot ends 50 s after the first.
      duration: 50,
      send_days: 1,
      sendout_id: expect.stringMatching(/^so_[\w-]+$/),
      instance_id: null,
      time_to_msk: 0,
      visits_median: 3,
      // No number connected: the default daily limit, at most the list.
      sendout_batch_len: 5,
      // Days since the last visit: 9 (A) and 29 (B).
      last_visit_time_median: 19,
      consent: { consent_count: 1, neutral_count: 2, declined_count: 1, active_count: 1 },
      owner_phone: null,
      // About an hour ahead on a 5-minute step (SPEC 9); an immediate launch at noon is allowed.
      allowed_start: '2026-03-10T10:00:00.000Z',
      immediate_start: true,
      // C came never, D is unknown to the CRM, E too.
      clients_without_records: 3,
      between_time: 10,
      // No number connected: the default quota.
      quote_for_day: 500,
      report: { rows: 8, clients: 5, duplicates: 1, blacklisted: 1, invalid: 1, empty: 0 },
      // The list's first valid row, for the preview and the test message.
      sample: { name: 'Анна', phone: '79550000001', мастер: 'Алина' },
    } satisfies ParsedClientFile);

    const [row] = await db().select().from(sendouts).where(eq(sendouts.id, answer.sendout_id));
    expect(row).toMatchObject({
      accId: moscow,
      status: 'draft',
      source: 'xlsx',
      keys: ['name', 'phone', 'мастер'],
      parsedCount: 5,
      count: 0,
      batchLen: 5,
      betweenTime: 10,
      instanceId: null,
      visitsMedian: 3,
      lastVisitTimeMedian: 19,
      clientsWithoutRecords: 3,
      consentCounts: answer.consent,
      createdBy: DEMO_USERS.owner,
      createdAt: now(),
    });
    expect(await recipientsOf(answer.sendout_id)).toEqual([
      {
        position: 0,
        phone: '79550000001',
        name: 'Анна',
        vars: { мастер: 'Алина' },
        consent: 'consent',
        visits: 5,
        lastVisitAt: new Date('2026-03-01T09:00:00Z'),
        accId: moscow,
      },
      {
        position: 1,
        phone: '79550000002',
        name: 'Борис',
        vars: { мастер: 'Вика' },
        consent: 'declined',
        visits: 3,
        lastVisitAt: new Date('2026-02-08T12:00:00Z'),
        accId: moscow,
      },
      {
        position: 2,
        phone: '79550000003',
        name: 'Вера',
        vars: { мастер: '' },
        consent: 'await',
        visits: 2,
        lastVisitAt: null,
        accId: moscow,
      },
      {
        position: 3,
        phone: '79550000004',
        name: 'Галина',
        vars: { мастер: 'Алина' },
        consent: 'neutral',
        visits: null,
        lastVisitAt: null,
        accId: moscow,
      },
      {
        position: 4,
        phone: '79550000005',
        name: 'Дина',
        vars: { мастер: 'Вика' },
        consent: 'neutral',
        visits: null,
        lastVisitAt: null,
        accId: moscow,
      },
    ]);
    // The upload's temporary file is gone.
    expect(tmpFiles()).toEqual([]);
  });

  it('reads a seeded CRM client’s visits and last visit by phone', async () => {
    const [seeded] = await queryRows<{ phone: string; success_visits: number }>(
      db(),
      sql`select phone, success_visits from crm_clients where acc_id = ${moscow} and success_visits > 0
          and exists (select 1 from crm_records r where r.acc_id = ${moscow} and r.client_phone = crm_clients.phone
            and r.attendance = 1 and not r.deleted and r.starts_at <= ${now().toISOString()}::timestamptz)
          order by phone limit 1`,
    );
    expect(seeded).toBeDefined();
    const [last] = await db()
      .select({ startsAt: crmRecords.startsAt })
      .from(crmRecords)
      .where(
        and(
          eq(crmRecords.accId, moscow),
          eq(crmRecords.clientPhone, seeded!.phone),
          eq(crmRecords.attendance, 1),
          eq(crmRecords.deleted, false),
        ),
      )
      .orderBy(desc(crmRecords.startsAt))
      .limit(1);
    const answer = await calls.parse(moscow, [
      ['Телефон', 'Имя'],
      [seeded!.phone, 'Клиентка'],
    ]);
    expect(answer.visits_median).toBe(Number(seeded!.success_visits));
    expect(answer.last_visit_time_median).toBe(Math.floor((now().getTime() - last!.startsAt.getTime()) / DAY));
    expect(answer.clients_without_records).toBe(0);
    const [recipient] = await recipientsOf(answer.sendout_id);
    expect(recipient).toMatchObject({ visits: Number(seeded!.success_visits), lastVisitAt: last!.startsAt });
  });

  const upload = (name: string, bytes: Buffer, accId: number = moscow) =>
    calls.postForm('parse_xlsx', accId, { loyalty_action_id: '' }, { data: { name, bytes } });

  it.each([
    ['an empty file', 'clients.xlsx', () => Promise.resolve(Buffer.alloc(0)), 400, CLIENT_LIST_STATUS.empty],
    ['a header without rows', 'clients.xlsx', () => xlsx([['Имя', 'Телефон']]), 400, CLIENT_LIST_STATUS.empty],
    [
      'rows without a phone',
      'clients.xlsx',
      () =>
        xlsx([
          ['Имя', 'Телефон'],
          ['Анна', 'нет'],
          ['Борис', '123'],
        ]),
      400,
      CLIENT_LIST_STATUS.noContacts,
    ],
    [
      'a csv file',
      'clients.csv',
      () => Promise.resolve(Buffer.from('Имя;Телефон\nАнна;79550000001')),
      415,
      CLIENT_LIST_STATUS.wrongType,
    ],
    [
      'text named .xlsx',
      'clients.xlsx',
      () => Promise.resolve(Buffer.from('Имя;Телефон\nАнна;79550000001')),
      415,
      CLIENT_LIST_STATUS.wrongType,
    ],
    [
      'a file over 20 MB',
      'clients.xlsx',
      async () => Buffer.concat([await xlsx([['Телефон'], ['79550000001']]), Buffer.alloc(MAX_CLIENT_LIST_BYTES)]),
      413,
      CLIENT_LIST_STATUS.tooBig,
    ],
  ])('refuses %s with its status as the detail, writing nothing', async (_label, name, bytes, code, status) => {
    const before = await snapshot();
    const res = await upload(name, await bytes());
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json<Fail>()).toEqual({ ok: false, status, detail: status });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a form without a file and a JSON body', async () => {
    const before = await snapshot();
    const none = await calls.postForm('parse_xlsx', moscow, { loyalty_action_id: '7' });
    expect([none.statusCode, none.json<Fail>().detail]).toEqual([400, CLIENT_LIST_STATUS.empty]);
    const json = await app.request({
      method: 'POST',
      url: `/api/mailing/parse_xlsx?acc_id=${moscow}`,
      token: owner,
      body: { data: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps drafts for a day, then the cleanup drops them with their recipients', async () => {
    const answer = await calls.parse(yekaterinburg, [['Телефон'], ['79550000101'], ['79550000102']]);
    const drafts = new SendoutDrafts({
      repo: new DraftRepository(db()),
      contexts: new CalendarContexts(new CalendarRepository(db()), () => NO_PACING),
      clock: app.clock,
      logger: createLogger('silent'),
    });
    const ids = async () => (await db().select({ id: sendouts.id }).from(sendouts)).map((r) => r.id);
    expect(await drafts.purgeStaleDrafts(new Date(now().getTime() + DRAFT_TTL_MS - 1000))).toBe(0);
    expect(await ids()).toContain(answer.sendout_id);
    // A launched send-out is never a stale draft.
    await db().update(sendouts).set({ status: 'finished' }).where(eq(sendouts.accId, moscow));
    const removed = await drafts.purgeStaleDrafts(new Date(now().getTime() + DRAFT_TTL_MS + 1000));
    expect(removed).toBe(1);
    expect(await ids()).not.toContain(answer.sendout_id);
    expect((await ids()).length).toBeGreaterThan(0);
    expect(await recipientsOf(answer.sendout_id)).toEqual([]);
  });

  it('writes a draft of 100 000 recipients in a few seconds, in list order', async () => {
    const drafts = new SendoutDrafts({
      repo: new DraftRepository(db()),
      contexts: new CalendarContexts(new CalendarRepository(db()), () => NO_PACING),
      clock: app.clock,
      logger: createLogger('silent'),
    });
    const n = 100_000;
    const recipients = Array.from({ length: n }, (_, i) => ({
      phone: `7956${String(i).padStart(7, '0')}`,
      name: `Клиент ${i}`,
      vars: { номер: String(i) },
    }));
    const started = Date.now();
    const answer = await drafts.createDraft({
      accId: yekaterinburg,
      source: 'xlsx',
      keys: ['name', 'phone', 'номер'],
      recipients,
      report: { rows: n, clients: n, duplicates: 0, blacklisted: 0, invalid: 0, empty: 0 },
    });
    const ms = Date.now() - started;
    // Row by row this takes minutes; as row sets, seconds (generous for a loaded machine).
    expect(ms).toBeLessThan(30_000);
    expect(answer.count).toBe(n);
    expect(answer.consent).toEqual({ consent_count: 0, neutral_count: n, declined_count: 0, active_count: 0 });
    expect(answer.clients_without_records).toBe(n);
    const [stats] = await queryRows<{ n: number; first: string; last: string; min: number; max: number }>(
      db(),
      sql`select count(*)::int as n, min(position)::int as min, max(position)::int as max,
            (select phone from sendout_recipients where sendout_id = ${answer.sendout_id} and position = 0) as first,
            (select phone from sendout_recipients where sendout_id = ${answer.sendout_id} and position = ${n - 1}) as last
          from sendout_recipients where sendout_id = ${answer.sendout_id}`,
    );
    expect(stats).toEqual({
      n,
      min: 0,
      max: n - 1,
      first: '79560000000',
      last: `7956${String(n - 1).padStart(7, '0')}`,
    });
  }, 60_000);
});
