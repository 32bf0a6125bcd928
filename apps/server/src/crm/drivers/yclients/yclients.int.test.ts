import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../../app.js';
import { branches } from '../../../platform/db/schema.js';
import { ManualClock } from '../../../platform/clock.js';
import { open, seal } from '../../../platform/crypto.js';
import { applyMigrations } from '../../../platform/db/migrate.js';
import { errors } from '../../../platform/http/errors.js';
import { createLogger } from '../../../platform/logger.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { CrmProcessor } from '../../processor.js';
import { CrmRepository } from '../../repository.js';
import { crmEvents, crmRecords } from '../../schema.js';
import { TokenBucket } from './token-bucket.js';
import { yclientsWebhookRoutes } from './webhook-routes.js';
import { yclientsDriver } from './yclients-driver.js';

const COMPANY = 4564;
const OTHER_COMPANY = 777001; // YCLIENTS knows it, no branch of ours is connected to it
const USER_TOKEN = 'user-token-4564';
const KEY = Buffer.alloc(32, 7);

// The webhook route mounted in the real HTTP app (auth hook, error handler, /api prefix), the real
// processor and repository on a real database, and YCLIENTS played by the fake over real HTTP.
describe.each(DB_KINDS)('YCLIENTS webhooks and reconciliation (%s)', (dbKind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let fake: FakeYclients;
  let repo: CrmRepository;
  let processor: CrmProcessor;
  let http: FastifyInstance;
  let webhookUrl: string;
  let accId: number;

  const db = () => t.database.db;
  const eventsOf = (recordId: number | string) =>
    db()
      .select()
      .from(crmEvents)
      .where(eq(crmEvents.resourceId, String(recordId)))
      .orderBy(asc(crmEvents.id));
  const count = async (table: typeof crmEvents | typeof crmRecords) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
    )[0]!.n;
  const send = (body: unknown) => fake.sendWebhook(webhookUrl, body);

  beforeAll(async () => {
    t = await createTestDatabase(dbKind);
    await applyMigrations(t.database);
    clock = new ManualClock('2026-03-10T09:00:00Z');
    fake = await startFakeYclients({ now: () => clock.now() });
    const [branch] = await db()
      .insert(branches)
      .values({ branchId: COMPANY, name: 'Салон на Тверской', crmName: 'yclients' })
      .returning({ accId: branches.accId });
    accId = branch!.accId;
    repo = new CrmRepository(db());
    processor = new CrmProcessor({
      repo,
      drivers: {
        yclients: yclientsDriver({
          partnerToken: fake.partnerToken,
          baseUrl: fake.baseUrl,
          limiter: new TokenBucket({ perSecond: 10_000 }),
        }),
      },
      clock,
      logger: createLogger('silent'),
      openSecret: (sealed) => open(KEY, sealed),
    });
    http = await buildHttpApp({
      logger: createLogger('silent'),
      trustProxy: false,
      webDistDir: undefined,
      // Nobody is signed in: the webhook must pass as a public route.
      authenticator: { authenticate: () => Promise.reject(errors.unauthorized()) },
      hosts: { main: [yclientsWebhookRoutes(processor)], mailing: [], ai: [] },
      healthy: async () => true,
    });
    await http.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}/api/crm/yclients/webhook`;
  });
  afterAll(async () => {
    await http?.close();
    await fake?.close();
    await t?.drop();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate crm_events, crm_records, crm_clients`);
    await repo.saveConnection({
      accId,
      kind: 'yclients',
      companyId: COMPANY,
      userToken: seal(KEY, USER_TOKEN),
      pollCursor: null,
    });
    fake.addCompany({ id: COMPANY, userToken: USER_TOKEN, timezone: 'Europe/Moscow', offset: '+03:00' });
    fake.addCompany({ id: OTHER_COMPANY, userToken: 'other', timezone: 'Europe/Moscow', offset: '+03:00' });
    clock.set('2026-03-10T09:00:00Z');
  });

  const newRecord = () =>
    fake.createRecord(COMPANY, {
      datetime: '2026-03-12T15:00:00',
      client: { id: 77, name: 'Ирина', phone: '+7 916 123-45-67', email: '' },
      services: [{ id: 1, title: 'Стрижка', cost: 1500, first_cost: 1500, discount: 0, amount: 1 }],
    });

  it('stores a new record’s webhook before answering, then mirrors the record with kinds [record_create]', async () => {
    const created = newRecord();
    const answer = await send(fake.webhookEvent(COMPANY, 'record', Number(created.id), 'create'));
    expect(answer).toEqual({ status: 200, json: { ok: true, stored: 1, duplicates: 0, ignored: 0 } });
    const [stored, ...more] = await eventsOf(created.id as number);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({ accId, source: 'yclients', resource: 'record', status: 'create', state: 'new' });

    expect(await processor.processPending()).toBe(1);
    expect(await repo.record(accId, String(created.id))).toMatchObject({
      clientId: '77',
      clientName: 'Ирина',
      clientPhone: '79161234567',
      services: [{ id: '1', title: 'Стрижка', cost: 1500, categoryId: null, amount: 1 }],
      startsAt: new Date('2026-03-12T12:00:00Z'),
      lengthSec: 3600,
      attendance: 0,
      paid: false,
      deleted: false,
    });
    expect((await eventsOf(created.id as number))[0]).toMatchObject({ state: 'done', kinds: ['record_create'] });
  });

  it('changes nothing when the same webhook comes again', async () => {
    const created = newRecord();
    const event = fake.webhookEvent(COMPANY, 'record', Number(created.id), 'create');
    await send(event);
    await processor.processPending();
    const before = await db().select().from(crmRecords);

    expect((await send(event)).json).toEqual({ ok: true, stored: 0, duplicates: 1, ignored: 0 });
    expect(await processor.processPending()).toBe(0);
    expect(await eventsOf(created.id as number)).toHaveLength(1);
    expect(await db().select().from(crmRecords)).toEqual(before);
  });

  it('a move gives [record_update]; a delete gives [record_delete] and the mirror keeps the record, deleted', async () => {
    const created = newRecord();
    const id = Number(created.id);
    await send(fake.webhookEvent(COMPANY, 'record', id, 'create'));
    await processor.processPending();

    clock.advance(60_000);
    fake.updateRecord(COMPANY, id, { datetime: '2026-03-12T17:30:00' });
    expect((await send(fake.webhookEvent(COMPANY, 'record', id, 'update'))).json).toMatchObject({ stored: 1 });
    await processor.processPending();
    expect((await eventsOf(id)).at(-1)).toMatchObject({ status: 'update', state: 'done', kinds: ['record_update'] });
    expect((await repo.record(accId, String(id)))?.startsAt).toEqual(new Date('2026-03-12T14:30:00Z'));

    clock.advance(60_000);
    fake.deleteRecord(COMPANY, id);
    await send(fake.webhookEvent(COMPANY, 'record', id, 'delete'));
    await processor.processPending();
    expect((await eventsOf(id)).at(-1)).toMatchObject({ status: 'delete', state: 'done', kinds: ['record_delete'] });
    expect(await repo.record(accId, String(id))).toMatchObject({
      deleted: true,
      deletedAt: clock.now(),
      startsAt: new Date('2026-03-12T14:30:00Z'),
    });

    // The poll sees the deletion too (with_deleted); it must not announce it a second time.
    clock.advance(60_000);
    await processor.reconcile(accId);
    await processor.processPending();
    const kinds = (await eventsOf(id)).flatMap((e) => e.kinds ?? []);
    expect(kinds.filter((k) => k === 'record_delete')).toHaveLength(1);
  });

  it.each([
    ['a missing company_id', { resource: 'record', resource_id: 1, status: 'create', data: {} }],
    [
      'a non-numeric resource_id',
      { company_id: COMPANY, resource: 'record', resource_id: 'x1', status: 'create', data: {} },
    ],
    ['an empty resource', { company_id: COMPANY, resource: '', resource_id: 1, status: 'create', data: {} }],
    ['a missing status', { company_id: COMPANY, resource: 'record', resource_id: 1, data: {} }],
    ['a company id of 0', { company_id: 0, resource: 'record', resource_id: 1, status: 'create', data: {} }],
    ['an empty array', []],
    [
      'one bad event among good ones',
      [{ company_id: COMPANY, resource: 'record', resource_id: 1, status: 'create' }, { company_id: COMPANY }],
    ],
    ['a bare string', '"hello"'],
    ['invalid JSON', '{"company_id": 4564,'],
  ])('answers 400 and stores nothing for %s', async (_name, body) => {
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ ok: false, status: 'Bad request' });
    expect(await count(crmEvents)).toBe(0);
  });

  it('ignores companies no branch is connected to, and counts them', async () => {
    const ours = newRecord();
    const theirs = fake.createRecord(OTHER_COMPANY, { datetime: '2026-03-12T15:00:00' });
    expect((await send(fake.webhookEvent(OTHER_COMPANY, 'record', Number(theirs.id), 'create'))).json).toEqual({
      ok: true,
      stored: 0,
      duplicates: 0,
      ignored: 1,
    });
    expect(await count(crmEvents)).toBe(0);

    const mixed = [
      fake.webhookEvent(COMPANY, 'record', Number(ours.id), 'create'),
      fake.webhookEvent(OTHER_COMPANY, 'record', Number(theirs.id), 'create'),
    ];
    expect((await send(mixed)).json).toEqual({ ok: true, stored: 1, duplicates: 0, ignored: 1 });
    expect(await count(crmEvents)).toBe(1);
  });

  it('accepts ids written as strings', async () => {
    const created = newRecord();
    const event = fake.webhookEvent(COMPANY, 'record', Number(created.id), 'create');
    const answer = await send({ ...event, company_id: String(COMPANY), resource_id: String(created.id) });
    expect(answer.json).toMatchObject({ stored: 1 });
    expect((await eventsOf(created.id as number))[0]?.resourceId).toBe(String(created.id));
  });

  it('refreshes the client mirror from a client webhook', async () => {
    fake.putClient(COMPANY, { id: 66, name: 'Клиент', phone: '8 911 234-56-78', birth_date: '1990-05-17', sex_id: 2 });
    await send(fake.webhookEvent(COMPANY, 'client', 66, 'update'));
    await processor.processPending();
    expect(await repo.client(accId, '66')).toMatchObject({
      name: 'Клиент',
      phone: '79112345678',
      birthday: '1990-05-17',
      sex: 2,
    });
  });

  it('reconciliation finds a change that had no webhook and processes it exactly once', async () => {
    await processor.reconcile(accId); // sets the cursor
    clock.advance(60_000);
    const created = newRecord(); // no webhook
    clock.advance(60_000);

    expect(await processor.reconcile(accId)).toBe(1);
    await processor.processPending();
    expect(await repo.record(accId, String(created.id))).toMatchObject({ clientPhone: '79161234567', deleted: false });
    const [event, ...more] = await eventsOf(created.id as number);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({ source: 'yclients:poll', state: 'done', kinds: ['record_create'] });

    // The next poll starts after the change; and even a poll that reads it again queues nothing.
    clock.advance(60_000);
    expect(await processor.reconcile(accId)).toBe(0);
    await repo.setPollCursor(accId, new Date('2026-03-10T08:00:00Z'));
    expect(await processor.reconcile(accId)).toBe(0);
    expect(await processor.processPending()).toBe(0);
    expect(await eventsOf(created.id as number)).toHaveLength(1);
  });

  it('reconciliation does not queue again what a webhook already brought', async () => {
    await processor.reconcile(accId);
    clock.advance(60_000);
    const created = newRecord();
    await send(fake.webhookEvent(COMPANY, 'record', Number(created.id), 'create'));
    await processor.processPending();
    clock.advance(60_000);
    fake.updateRecord(COMPANY, Number(created.id), { attendance: 2 });
    await send(fake.webhookEvent(COMPANY, 'record', Number(created.id), 'update'));
    await processor.processPending();
    clock.advance(60_000);

    expect(await processor.reconcile(accId)).toBe(0);
    expect(await processor.processPending()).toBe(0);
    const events = await eventsOf(created.id as number);
    expect(events.map((e) => [e.source, e.kinds])).toEqual([
      ['yclients', ['record_create']],
      ['yclients', ['record_update']],
    ]);
  });

  it('confirms through the driver, and the resulting webhook updates the mirror', async () => {
    const created = newRecord();
    const id = String(created.id);
    await send(fake.webhookEvent(COMPANY, 'record', Number(id), 'create'));
    await processor.processPending();

    clock.advance(60_000);
    const connection = await repo.connection(accId);
    await processor.driverOf('yclients').confirmRecord(processor.branch(connection), id);
    await send(fake.webhookEvent(COMPANY, 'record', Number(id), 'update'));
    await processor.processPending();
    expect((await repo.record(accId, id))?.attendance).toBe(2);
  });
});
