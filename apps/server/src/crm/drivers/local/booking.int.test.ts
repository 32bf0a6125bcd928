import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '@salon/contract/zoned-time';
import { ManualClock } from '../../../platform/clock.js';
import { queryRows } from '../../../platform/db/client.js';
import { applyMigrations } from '../../../platform/db/migrate.js';
import { DEMO_BRANCHES, seedDemo } from '../../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { SlotTaken, type CrmBranch, type CrmDriver, type CrmSlot } from '../../crm.js';
import { CrmRepository } from '../../repository.js';
import { LOCAL_WORKING_HOURS } from './local-booking.js';
import { LocalCrm } from './local-crm.js';
import { localCrmDriver } from './local-driver.js';
import { localDateTimeOf } from './wire.js';

const { moscow, vladivostok } = DEMO_BRANCHES;
const MSK = 'Europe/Moscow';
const VVO = 'Asia/Vladivostok';
const branchOf = (accId: number): CrmBranch => ({ accId, kind: 'local', companyId: null, userToken: null });
// Masters and a service of our own, far from the demo's bookings (which sit around the seed day).
const MASTER = '901';
const OTHER = '902';
const HAIRCUT = '901';
const DAY = '2026-05-20';

// 'HH:mm' of each slot on the branch's clock.
const wall = (slots: CrmSlot[], timeZone: string) => slots.map((s) => localDateTimeOf(s.startsAt, timeZone).slice(11));
const at = (iso: string) => new Date(iso);

async function thrown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (e: unknown) => e,
  );
}

// Booking over the local CRM: the documented default hours (10:00–20:00 in the branch's zone, a
// 30-minute grid), free time as records leave it, and writes refused when the time is taken.
describe.each(DB_KINDS)('local CRM booking (%s)', (kind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let crm: LocalCrm;
  let driver: CrmDriver;
  const db = () => t.database.db;
  const msk = branchOf(moscow);
  const vvo = branchOf(vladivostok);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(db(), at('2026-03-10T06:00:00Z'));
    for (const accId of [moscow, vladivostok]) {
      await db().execute(sql`insert into crm_staff (acc_id, id, title, specialization) values
        (${accId}, ${MASTER}, 'Яна Букинг', 'стилист'), (${accId}, ${OTHER}, 'Юлия Букинг', null)`);
      await db()
        .execute(sql`insert into crm_services (acc_id, id, title, category_id, price_min, price_max, duration_sec)
        values (${accId}, ${HAIRCUT}, 'Стрижка для теста', null, 1500, 2500, 5400)`);
    }
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(async () => {
    // Every test starts with our masters' days empty, on the day before DAY. Their events go too:
    // record ids are reused after the delete, and an event key names the id.
    await db().execute(sql`delete from crm_events e using crm_records r
      where e.acc_id = r.acc_id and e.resource_id = r.id and r.staff_id in (${MASTER}, ${OTHER})`);
    await db().execute(sql`delete from crm_records where staff_id in (${MASTER}, ${OTHER})`);
    clock = new ManualClock('2026-05-19T09:00:00Z');
    crm = new LocalCrm({ repo: new CrmRepository(db()), clock, kick: async () => {} });
    driver = localCrmDriver(crm);
  });

  const slots = (branch: CrmBranch, timeZone: string, extra: { serviceId?: string; staffId?: string } = {}) =>
    driver.freeSlots(branch, { day: DAY, timeZone, staffId: MASTER, ...extra });
  const book = (startsAt: Date, staffId = MASTER, phone = '+7 999 700-00-01') =>
    driver.book(msk, { client: { name: 'Ия', phone }, staffId, serviceIds: [HAIRCUT], startsAt });

  it('lists the catalogue: services with prices and lengths (any master), masters, categories', async () => {
    const catalogue = await driver.catalogue(msk);
    expect(catalogue.services.find((s) => s.id === HAIRCUT)).toEqual({
      id: HAIRCUT,
      title: 'Стрижка для теста',
      categoryId: null,
      priceMin: 1500,
      priceMax: 2500,
      durationSec: 5400,
      staffIds: [],
    });
    expect(catalogue.services).toHaveLength(16);
    expect(catalogue.staff).toContainEqual({ id: MASTER, name: 'Яна Букинг', specialization: 'стилист' });
    expect(catalogue.staff).toContainEqual({ id: OTHER, name: 'Юлия Букинг', specialization: null });
    expect(catalogue.categories.map((c) => c.title)).toContain('Стрижки');
  });

  it('offers the whole working day on a 30-minute grid, each slot as long as the service', async () => {
    const hourly = await slots(msk, MSK);
    expect(hourly[0]!.startsAt).toEqual(at('2026-05-20T07:00:00Z'));
    expect(wall(hourly, MSK)).toHaveLength(19);
    expect(wall(hourly, MSK).at(-1)).toBe('19:00');
    expect(hourly.every((s) => s.lengthSec === 3600 && s.staffId === MASTER && s.staffName === 'Яна Букинг')).toBe(
      true,
    );
    // 1.5 h: the last start that still ends by 20:00 is 18:30.
    const long = await slots(msk, MSK, { serviceId: HAIRCUT });
    expect(wall(long, MSK).slice(0, 2)).toEqual(['10:00', '10:30']);
    expect(wall(long, MSK).at(-1)).toBe('18:30');
    expect(long.every((s) => s.lengthSec === 5400)).toBe(true);
    expect(LOCAL_WORKING_HOURS.open.hour).toBe(10);
  });

  it('leaves out the times a record of the master overlaps, not those of other masters', async () => {
    await crm.createRecord(moscow, {
      client: { name: 'Ия', phone: '79997000001' },
      staffId: MASTER,
      serviceIds: [HAIRCUT],
      startsAt: at('2026-05-20T09:00:00Z'),
      lengthSec: 3600,
    });
    const left = wall(await slots(msk, MSK), MSK);
    expect(left).not.toContain('11:30');
    expect(left).not.toContain('12:00');
    expect(left).not.toContain('12:30');
    expect(left).toContain('11:00');
    expect(left).toContain('13:00');
    expect(left).toHaveLength(16);
    expect(wall(await slots(msk, MSK, { staffId: OTHER }), MSK)).toHaveLength(19);
  });

  it('a deleted record frees its time again', async () => {
    const record = await book(at('2026-05-20T09:00:00Z'));
    await driver.cancelRecord(msk, record.id);
    expect(wall(await slots(msk, MSK, { serviceId: HAIRCUT }), MSK)).toContain('12:00');
  });

  it('offers nothing in the past: today from the next grid time on, a past day not at all', async () => {
    clock.set('2026-05-20T09:10:00Z');
    expect(wall(await slots(msk, MSK), MSK)[0]).toBe('12:30');
    expect(await driver.freeSlots(msk, { day: '2026-05-19', timeZone: MSK, staffId: MASTER })).toEqual([]);
  });

  it('reads the working hours on the branch zone’s clock (Moscow and Vladivostok)', async () => {
    const moscowDay = await slots(msk, MSK);
    const vladivostokDay = await slots(vvo, VVO);
    expect(wall(moscowDay, MSK)[0]).toBe('10:00');
    expect(wall(vladivostokDay, VVO)[0]).toBe('10:00');
    // 10:00 in Vladivostok (UTC+10) is midnight UTC, seven hours before 10:00 in Moscow (UTC+3).
    expect(vladivostokDay[0]!.startsAt).toEqual(at('2026-05-20T00:00:00Z'));
    expect(moscowDay[0]!.startsAt.getTime() - vladivostokDay[0]!.startsAt.getTime()).toBe(7 * 3_600_000);
    expect(vladivostokDay.every((s) => localDay(s.startsAt, VVO) === DAY)).toBe(true);
  });

  it('keeps the wall-clock hours across a DST change (a zone passed by the caller)', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const day = (d: string) => driver.freeSlots(msk, { day: d, timeZone: 'Europe/Berlin', staffId: MASTER });
    // Berlin moves to summer time in the night to 2026-03-29: 10:00 is 09:00Z before, 08:00Z after.
    expect((await day('2026-03-28'))[0]!.startsAt).toEqual(at('2026-03-28T09:00:00Z'));
    const after = await day('2026-03-29');
    expect(after[0]!.startsAt).toEqual(at('2026-03-29T08:00:00Z'));
    expect(wall(after, 'Europe/Berlin')).toHaveLength(19);
    expect(wall(after, 'Europe/Berlin').at(-1)).toBe('19:00');
  });

  it('without a master, lists every active master’s free times; an unknown service has none', async () => {
    await book(at('2026-05-20T07:00:00Z'));
    const all = await driver.freeSlots(msk, { day: DAY, timeZone: MSK });
    const atTen = all.filter((s) => s.startsAt.getTime() === at('2026-05-20T07:00:00Z').getTime());
    expect(atTen.map((s) => s.staffId)).toContain(OTHER);
    expect(atTen.map((s) => s.staffId)).not.toContain(MASTER);
    expect(await driver.freeSlots(msk, { day: DAY, timeZone: MSK, serviceId: 'nope' })).toEqual([]);
  });

  it('books a free slot (the record and its event), after which the slot is gone', async () => {
    const record = await book(at('2026-05-20T08:00:00Z'));
    expect(record).toMatchObject({
      staffId: MASTER,
      clientPhone: '79997000001',
      clientName: 'Ия',
      lengthSec: 5400,
      startsAt: at('2026-05-20T08:00:00Z'),
    });
    expect(record.services.map((s) => s.id)).toEqual([HAIRCUT]);
    const events = await queryRows<{ kinds: string[] }>(
      db(),
      sql`select kinds from crm_events where acc_id = ${moscow} and resource_id = ${record.id} order by id`,
    );
    expect(events.map((e) => e.kinds)).toEqual([['record_create']]);
    expect(wall(await slots(msk, MSK, { serviceId: HAIRCUT }), MSK)).not.toContain('11:00');
  });

  it('refuses a taken, overlapping, past or out-of-hours time with SlotTaken', async () => {
    await book(at('2026-05-20T08:00:00Z'));
    expect(await thrown(book(at('2026-05-20T08:00:00Z'), MASTER, '79997000002'))).toBeInstanceOf(SlotTaken);
    // 10:00–11:30 runs into 11:00.
    expect(await thrown(book(at('2026-05-20T07:00:00Z')))).toBeInstanceOf(SlotTaken);
    // 19:00 + 1.5 h ends after 20:00; 09:00 is before opening; yesterday has passed.
    expect(await thrown(book(at('2026-05-20T16:00:00Z')))).toBeInstanceOf(SlotTaken);
    expect(await thrown(book(at('2026-05-20T06:00:00Z')))).toBeInstanceOf(SlotTaken);
    expect(await thrown(book(at('2026-05-18T08:00:00Z')))).toBeInstanceOf(SlotTaken);
    // Another master is free then.
    expect((await book(at('2026-05-20T08:00:00Z'), OTHER)).staffId).toBe(OTHER);
    const count = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from crm_records where staff_id in (${MASTER}, ${OTHER})`,
    );
    expect(count[0]!.n).toBe(2);
  });

  it('two bookings of the same time at once: one wins, the other gets SlotTaken', async () => {
    const results = await Promise.allSettled([
      book(at('2026-05-20T10:00:00Z'), MASTER, '79997000003'),
      book(at('2026-05-20T10:00:00Z'), MASTER, '79997000004'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(SlotTaken);
  });

  it('moves a record to a free time (its own old time does not block it), not onto a taken one', async () => {
    const record = await book(at('2026-05-20T08:00:00Z'));
    // Half an hour later overlaps only the record itself.
    const moved = await driver.moveRecord(msk, record.id, at('2026-05-20T08:30:00Z'));
    expect(moved).toMatchObject({ id: record.id, startsAt: at('2026-05-20T08:30:00Z'), staffId: MASTER });
    const other = await book(at('2026-05-20T12:00:00Z'), MASTER, '79997000005');
    expect(await thrown(driver.moveRecord(msk, other.id, at('2026-05-20T09:00:00Z')))).toBeInstanceOf(SlotTaken);
    expect(await thrown(driver.moveRecord(msk, other.id, at('2026-05-20T17:00:00Z')))).toBeInstanceOf(SlotTaken);
    expect((await driver.record(msk, other.id))!.startsAt).toEqual(at('2026-05-20T12:00:00Z'));
    const left = wall(await slots(msk, MSK, { serviceId: HAIRCUT }), MSK);
    expect(left).toContain('10:00');
    expect(left).not.toContain('11:30');
  });

  it('lists a client’s coming records by phone, soonest first, without deleted or earlier ones', async () => {
    const phone = '79997000010';
    const late = await book(at('2026-05-20T14:00:00Z'), MASTER, phone);
    const early = await book(at('2026-05-20T08:00:00Z'), OTHER, phone);
    const cancelled = await book(at('2026-05-20T11:00:00Z'), OTHER, phone);
    await driver.cancelRecord(msk, cancelled.id);
    await book(at('2026-05-20T10:00:00Z'), MASTER, '79997000011');
    const ids = async (from: Date, typed = phone) => (await driver.clientRecords(msk, typed, from)).map((r) => r.id);
    expect(await ids(at('2026-05-19T00:00:00Z'))).toEqual([early.id, late.id]);
    expect(await ids(at('2026-05-20T09:00:00Z'))).toEqual([late.id]);
    expect(await ids(at('2026-05-19T00:00:00Z'), '+7 (999) 700-00-10')).toEqual([early.id, late.id]);
    expect(await ids(at('2026-05-19T00:00:00Z'), 'not a phone')).toEqual([]);
    // Another branch's records are not this client's there.
    expect(await driver.clientRecords(vvo, phone, at('2026-05-19T00:00:00Z'))).toEqual([]);
  });
});
