import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CRM_STATUS } from '@salon/contract/local-crm';
import { ManualClock } from '../../../platform/clock.js';
import { queryRows } from '../../../platform/db/client.js';
import { applyMigrations } from '../../../platform/db/migrate.js';
import { AppError } from '../../../platform/http/errors.js';
import { createLogger } from '../../../platform/logger.js';
import { DEMO_BRANCHES, seedDemo } from '../../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import type { CrmBranch, CrmRecord } from '../../crm.js';
import { CrmProcessor, type RecordChange } from '../../processor.js';
import { CrmRepository } from '../../repository.js';
import { LocalCrm } from './local-crm.js';
import { localCrmDriver } from './local-driver.js';

const SEEDED_AT = new Date('2026-03-10T06:00:00Z');
const { moscow, yekaterinburg } = DEMO_BRANCHES;
const branch: CrmBranch = { accId: moscow, kind: 'local', companyId: 501001, userToken: null };

interface EventRow {
  id: number;
  acc_id: number;
  source: string;
  resource: string;
  resource_id: string;
  status: string;
  state: string;
  kinds: string[] | null;
  dedup_key: string;
}

// The local CRM over a real database with the demo salon: every change writes the record and its
// inbox event together, with the kinds the engine plans from.
describe.each(DB_KINDS)('local CRM (%s)', (kind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let repo: CrmRepository;
  let crm: LocalCrm;
  let kicks: number;

  const db = () => t.database.db;
  const events = (recordId: string) =>
    queryRows<EventRow>(
      db(),
      sql`select id::int, acc_id, source, resource, resource_id, status, state, kinds, dedup_key from crm_events
          where acc_id = ${moscow} and resource_id = ${recordId} order by id`,
    );
  const revision = async (recordId: string) =>
    (
      await queryRows<{ revision: number }>(
        db(),
        sql`select revision from crm_records where acc_id = ${moscow} and id = ${recordId}`,
      )
    )[0]?.revision;
  const client = async (id: string) => (await repo.client(moscow, id))!;
  const failure = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  const book = (patch: Partial<Parameters<LocalCrm['createRecord']>[1]> = {}) =>
    crm.createRecord(moscow, {
      client: { id: '5' },
      staffId: '1',
      serviceIds: ['1', '4'],
      startsAt: new Date('2026-03-12T08:00:00Z'),
      ...patch,
    });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(db(), SEEDED_AT);
    repo = new CrmRepository(db());
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(() => {
    clock = new ManualClock('2026-03-10T09:00:00Z');
    kicks = 0;
    crm = new LocalCrm({ repo, clock, kick: async () => void (kicks += 1) });
  });

  describe('clients', () => {
    it('stores the phone as digits with the country code, whatever way it was typed', async () => {
      const a = await crm.createClient(moscow, { name: ' Вера Лосева ', phone: '+7 (999) 555-01-23' });
      expect(a).toMatchObject({ name: 'Вера Лосева', phone: '79995550123', successVisits: 0, failVisits: 0 });
      const b = await crm.createClient(moscow, { name: 'Пётр Лосев', phone: '8 999 555 01 24', sex: 1 });
      expect(b.phone).toBe('79995550124');
      expect(Number(b.id)).toBe(Number(a.id) + 1);
      expect((await crm.createClient(moscow, { name: 'Ника', phone: '9995550125' })).phone).toBe('79995550125');
    });

    it('returns the known client for a phone the branch already has', async () => {
      const first = await crm.createClient(moscow, { name: 'Алла Белая', phone: '79995550200' });
      const again = await crm.createClient(moscow, { name: 'Другое имя', phone: '+7 999 555-02-00' });
      expect(again).toEqual(first);
    });

    it('refuses a phone that is not one, and an unknown category', async () => {
      expect((await failure(crm.createClient(moscow, { name: 'X', phone: 'позвонить' }))).status).toBe(
        LOCAL_CRM_STATUS.invalidPhone,
      );
      expect((await failure(crm.createClient(moscow, { name: 'X', phone: '12345' }))).status).toBe(
        LOCAL_CRM_STATUS.invalidPhone,
      );
      const error = await failure(crm.createClient(moscow, { name: 'X', phone: '79995550300', categories: ['99'] }));
      expect(error.status).toBe(LOCAL_CRM_STATUS.unknownCategory);
      expect(await repo.clientByPhone(moscow, '79995550300')).toBeNull();
    });

    it('updates a client', async () => {
      const c = await crm.createClient(moscow, { name: 'Зоя', phone: '79995550400' });
      clock.advance(60_000);
      const updated = await crm.updateClient(moscow, c.id, {
        name: 'Зоя Кротова',
        phone: '8-999-555-04-01',
        categories: ['2'],
      });
      expect(updated).toMatchObject({ name: 'Зоя Кротова', phone: '79995550401', categories: ['2'] });
      expect(await client(c.id)).toEqual(updated);
      expect(updated.updatedAt).toEqual(clock.now());
    });
  });

  describe('records', () => {
    it('create writes the record and a derived record_create event in one go, then kicks', async () => {
      const record = await book({ online: true, labelIds: ['2'], goodsIds: ['1'], comment: 'Окно у двери' });
      const c = await client('5');
      expect(record).toMatchObject({
        clientId: '5',
        clientName: c.name,
        clientPhone: c.phone,
        staffId: '1',
        staffName: 'Анна Смирнова',
        attendance: 0,
        paid: false,
        deleted: false,
        online: true,
        labels: ['2'],
        comment: 'Окно у двери',
        shortLink: `/r/${moscow}/${record.id}`,
        lengthSec: 60 * 60 + 45 * 60,
        createdAt: clock.now(),
        changedAt: clock.now(),
      });
      expect(record.services).toEqual([
        { id: '1', title: 'Женская стрижка', cost: 2500, categoryId: '1', amount: 1 },
        { id: '4', title: 'Укладка', cost: 1800, categoryId: '1', amount: 1 },
      ]);
      expect(record.goods).toEqual([{ id: '1', title: 'Шампунь восстанавливающий', cost: 1200, amount: 1 }]);
      expect(await repo.record(moscow, record.id)).toEqual(record);
      const [cost] = await queryRows<{ cost: string }>(
        db(),
        sql`select cost::text from crm_records where acc_id = ${moscow} and id = ${record.id}`,
      );
      expect(Number(cost!.cost)).toBe(2500 + 1800 + 1200);
      expect(await events(record.id)).toEqual([
        expect.objectContaining({
          acc_id: moscow,
          source: 'local',
          resource: 'record',
          resource_id: record.id,
          status: 'create',
          state: 'derived',
          kinds: ['record_create'],
          dedup_key: `local:${moscow}:${record.id}:0`,
        }),
      ]);
      expect(kicks).toBe(1);
    });

    it('numbers records after the largest id of the branch', async () => {
      const [max] = await queryRows<{ n: string }>(
        db(),
        sql`select max(id::bigint)::text as n from crm_records where acc_id = ${moscow}`,
      );
      const record = await book();
      expect(record.id).toBe(String(Number(max!.n) + 1));
    });

    it('books a new client by name and phone, or the known one with that phone', async () => {
      const fresh = await book({ client: { name: 'Лиза Грач', phone: '+7 999 555 07 00' } });
      const created = (await repo.clientByPhone(moscow, '79995550700'))!;
      expect(fresh).toMatchObject({ clientId: created.id, clientName: 'Лиза Грач', clientPhone: '79995550700' });
      const again = await book({ client: { name: 'Елизавета', phone: '89995550700' } });
      expect(again.clientId).toBe(created.id);
    });

    it('move is a record_update; the revision and the dedup key follow each change', async () => {
      const record = await book();
      clock.advance(60_000);
      const moved = await crm.moveRecord(moscow, record.id, {
        startsAt: new Date('2026-03-12T10:00:00Z'),
        staffId: '6',
      });
      expect(moved).toMatchObject({
        startsAt: new Date('2026-03-12T10:00:00Z'),
        staffId: '6',
        staffName: 'Ирина Павлова',
      });
      expect(moved.changedAt).toEqual(clock.now());
      expect(await revision(record.id)).toBe(1);
      const [, event] = await events(record.id);
      expect(event).toMatchObject({
        status: 'update',
        state: 'derived',
        kinds: ['record_update'],
        dedup_key: `local:${moscow}:${record.id}:1`,
      });
      expect(kicks).toBe(2);
    });

    it('changing services is a record_update with the new prices and length', async () => {
      const record = await book();
      const changed = await crm.changeServices(moscow, record.id, { serviceIds: ['5'] });
      expect(changed.services).toEqual([
        { id: '5', title: 'Окрашивание в один тон', cost: 4500, categoryId: '2', amount: 1 },
      ]);
      expect(changed.lengthSec).toBe(120 * 60);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_update']);
    });

    it('pay is record_paid only', async () => {
      const record = await book();
      expect((await crm.pay(moscow, record.id)).paid).toBe(true);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_paid']);
    });

    it('did not come is record_canceled and counts a failed visit; came is record_done and a visit', async () => {
      const record = await book();
      const before = await client('5');
      await crm.setAttendance(moscow, record.id, -1);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_update', 'record_canceled']);
      expect(await client('5')).toMatchObject({
        successVisits: before.successVisits,
        failVisits: before.failVisits + 1,
      });

      // Marked by mistake: came after all. The failure is taken back.
      await crm.setAttendance(moscow, record.id, 1);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_update', 'record_done']);
      expect(await client('5')).toMatchObject({
        successVisits: before.successVisits + 1,
        failVisits: before.failVisits,
      });
    });

    it('confirmed is a record_update; a repeated change writes nothing', async () => {
      const record = await book();
      await crm.setAttendance(moscow, record.id, 2);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_update']);
      const count = (await events(record.id)).length;
      const kicked = kicks;
      await crm.setAttendance(moscow, record.id, 2);
      await crm.moveRecord(moscow, record.id, { startsAt: record.startsAt });
      expect(await events(record.id)).toHaveLength(count);
      expect(kicks).toBe(kicked);
    });

    it('cancel deletes the record (record_delete); later changes are refused, a second cancel is harmless', async () => {
      const record = await book();
      await crm.setAttendance(moscow, record.id, 1);
      const visits = (await client('5')).successVisits;
      clock.advance(5_000);
      const cancelled = await crm.cancel(moscow, record.id);
      expect(cancelled).toMatchObject({ deleted: true, deletedAt: clock.now() });
      expect((await events(record.id)).at(-1)).toMatchObject({ status: 'delete', kinds: ['record_delete'] });
      // A deleted visit no longer counts.
      expect((await client('5')).successVisits).toBe(visits - 1);

      const count = (await events(record.id)).length;
      expect(await crm.cancel(moscow, record.id)).toEqual(cancelled);
      expect((await failure(crm.pay(moscow, record.id))).status).toBe(LOCAL_CRM_STATUS.recordDeleted);
      expect((await failure(crm.moveRecord(moscow, record.id, { staffId: '2' }))).httpStatus).toBe(409);
      expect(await events(record.id)).toHaveLength(count);
    });

    it('record and event are one transaction: when the event cannot be written, the record is not changed', async () => {
      const record = await book();
      await db().execute(
        sql`insert into crm_events (acc_id, source, resource, resource_id, status, dedup_key, received_at)
            values (${moscow}, 'test', 'record', ${record.id}, 'update', ${`local:${moscow}:${record.id}:1`}, now())`,
      );
      await expect(crm.pay(moscow, record.id)).rejects.toThrow(/already exists/);
      expect((await repo.record(moscow, record.id))!.paid).toBe(false);
      expect(await revision(record.id)).toBe(0);
    });

    it('refuses unknown masters, services, goods, labels and clients, writing nothing', async () => {
      const count = async () =>
        (
          await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from crm_records where acc_id = ${moscow}`)
        )[0]!.n;
      const before = await count();
      const cases: [() => Promise<unknown>, string][] = [
        [() => book({ staffId: '99' }), LOCAL_CRM_STATUS.unknownStaff],
        [() => book({ serviceIds: ['1', '99'] }), LOCAL_CRM_STATUS.unknownService],
        [() => book({ serviceIds: [] }), LOCAL_CRM_STATUS.unknownService],
        [() => book({ goodsIds: ['99'] }), LOCAL_CRM_STATUS.unknownGood],
        [() => book({ labelIds: ['99'] }), LOCAL_CRM_STATUS.unknownLabel],
        [() => book({ client: { id: '999' } }), LOCAL_CRM_STATUS.unknownClient],
        [() => book({ client: { name: 'X', phone: '0' } }), LOCAL_CRM_STATUS.invalidPhone],
      ];
      for (const [work, status] of cases) expect((await failure(work())).status).toBe(status);
      expect((await failure(crm.pay(moscow, '999999'))).httpStatus).toBe(404);
      expect(await count()).toBe(before);
    });

    it('refuses a branch whose bookings come from another CRM', async () => {
      await db().execute(sql`update crm_connections set kind = 'yclients' where acc_id = ${yekaterinburg}`);
      try {
        const error = await failure(
          crm.createRecord(yekaterinburg, {
            client: { id: '1' },
            staffId: '1',
            serviceIds: ['1'],
            startsAt: clock.now(),
          }),
        );
        expect(error).toMatchObject({ httpStatus: 409, status: LOCAL_CRM_STATUS.notLocal });
        expect((await failure(crm.pay(yekaterinburg, '1'))).status).toBe(LOCAL_CRM_STATUS.notLocal);
        expect((await failure(crm.assertLocal(yekaterinburg))).status).toBe(LOCAL_CRM_STATUS.notLocal);
      } finally {
        await db().execute(sql`update crm_connections set kind = 'local' where acc_id = ${yekaterinburg}`);
      }
    });
  });

  describe('the port', () => {
    it('reads records and clients as the engine sees them', async () => {
      const record = await book();
      const driver = localCrmDriver(crm);
      expect(driver.kind).toBe('local');
      expect(await driver.record(branch, record.id)).toEqual(record);
      expect(await driver.record(branch, '999999')).toBeNull();
      expect(await driver.client(branch, '5')).toEqual(await client('5'));
      expect(await driver.client(branch, '999999')).toBeNull();
    });

    it('lists changed records page by page, in (since, until]', async () => {
      const driver = localCrmDriver(crm, { pageSize: 2 });
      clock.set('2026-04-01T10:00:00Z');
      const since = clock.now();
      const made: CrmRecord[] = [];
      for (let i = 0; i < 5; i += 1) {
        clock.advance(1_000);
        made.push(await book());
      }
      // Changed later again: listed once, at its latest change.
      clock.advance(1_000);
      await crm.pay(moscow, made[0]!.id);
      const until = clock.now();
      clock.advance(1_000);
      await book();

      const seen: CrmRecord[] = [];
      for await (const r of driver.recordsChangedAfter(branch, since, until)) seen.push(r);
      expect(seen.map((r) => r.id)).toEqual([...made.slice(1), made[0]!].map((r) => r.id));
      expect(seen.at(-1)!.paid).toBe(true);
    });

    it('confirmRecord confirms a waiting record through the CRM, with its event; not a visit already marked', async () => {
      const driver = localCrmDriver(crm);
      const waiting = await book();
      await driver.confirmRecord(branch, waiting.id);
      expect((await repo.record(moscow, waiting.id))!.attendance).toBe(2);
      expect((await events(waiting.id)).at(-1)).toMatchObject({ kinds: ['record_update'], state: 'derived' });

      const came = await book();
      await crm.setAttendance(moscow, came.id, 1);
      await driver.confirmRecord(branch, came.id);
      expect((await repo.record(moscow, came.id))!.attendance).toBe(1);
      expect(await events(came.id)).toHaveLength(2);
    });

    it('cancelRecord deletes the record through the CRM', async () => {
      const driver = localCrmDriver(crm);
      const record = await book();
      await driver.cancelRecord(branch, record.id);
      expect((await repo.record(moscow, record.id))!.deleted).toBe(true);
      expect((await events(record.id)).at(-1)!.kinds).toEqual(['record_delete']);
      // A late "yes" and a second cancel change nothing.
      await driver.confirmRecord(branch, record.id);
      await driver.cancelRecord(branch, record.id);
      expect(await events(record.id)).toHaveLength(2);
      expect((await repo.record(moscow, record.id))!.attendance).toBe(0);
    });

    it('lists the reference data from its tables', async () => {
      const driver = localCrmDriver(crm);
      const titles = async (k: Parameters<typeof driver.reference>[1]) =>
        (await driver.reference(branch, k)).map((i) => i.title);
      expect(await titles('staff')).toHaveLength(6);
      expect(await titles('staff')).toContain('Анна Смирнова');
      expect(await titles('services')).toHaveLength(15);
      expect((await titles('categories')).sort()).toEqual(
        ['Косметология', 'Маникюр', 'Окрашивание', 'Педикюр', 'Стрижки'].sort(),
      );
      expect(await titles('goods')).toHaveLength(5);
      expect((await titles('client_category')).sort()).toEqual(['VIP', 'Новый', 'Постоянный'].sort());
      expect(await titles('record_labels')).toEqual(expect.arrayContaining(['Первый визит', 'Онлайн-запись']));
      expect(await titles('loyalty_card_types')).toContain('Бонусная карта 5%');
    });
  });

  it('with the real processor, a change reaches the engine with its kinds and the event is done', async () => {
    const seen: RecordChange[] = [];
    const local = localCrmDriver(crm);
    const processor = new CrmProcessor({
      repo,
      drivers: { local },
      clock,
      logger: createLogger('silent'),
      openSecret: (sealed) => sealed,
    });
    processor.onRecordChange(async (change) => void seen.push(change));
    // Events left by the tests above are processed too; only this record's are checked.
    await processor.processPending();
    seen.length = 0;
    const wired = new LocalCrm({ repo, clock, kick: async () => void (await processor.processPending()) });

    const record = await wired.createRecord(moscow, {
      client: { id: '7' },
      staffId: '3',
      serviceIds: ['8'],
      startsAt: new Date('2026-03-13T09:00:00Z'),
    });
    await wired.pay(moscow, record.id);
    await wired.cancel(moscow, record.id);
    expect(seen.map((c) => [c.recordId, c.kinds])).toEqual([
      [record.id, ['record_create']],
      [record.id, ['record_paid']],
      [record.id, ['record_delete']],
    ]);
    expect(seen[0]!.record).toMatchObject({ id: record.id, clientId: '7' });
    expect((await events(record.id)).map((e) => e.state)).toEqual(['done', 'done', 'done']);
  });
});
