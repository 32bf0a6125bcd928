import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts } from '@salon/contract/zoned-time';
import { queryRows } from '../../../platform/db/client.js';
import { applyMigrations } from '../../../platform/db/migrate.js';
import { DEMO_BRANCHES, seedDemo } from '../../../seed/demo.js';
import { DEMO_CRM_SIZES } from '../../../seed/demo-crm.js';
import { DEMO_PARTNER_ROWS } from '../../../seed/demo-partners.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../../test-support/databases.js';

const NOW = new Date('2026-03-10T07:30:00Z');
const DAY = 86_400_000;
const ZONES: Record<number, string> = {
  [DEMO_BRANCHES.moscow]: 'Europe/Moscow',
  [DEMO_BRANCHES.yekaterinburg]: 'Asia/Yekaterinburg',
  [DEMO_BRANCHES.vladivostok]: 'Asia/Vladivostok',
  [DEMO_BRANCHES.sendOut]: 'Europe/Moscow',
};

interface RecordRow {
  acc_id: number;
  id: string;
  client_id: string;
  client_phone: string;
  starts_at: Date;
  length_sec: number;
  attendance: number;
  paid: boolean;
  deleted: boolean;
  short_link: string;
  cost: string;
  services: { cost: number }[];
  created_at: Date;
  changed_at: Date;
}

// The first-start seed gives every demo branch a believable local CRM, deterministically, without
// inbox events, and leaves the rest of the demo as it was.
describe.each(DB_KINDS)('demo seed: local CRM (%s)', (kind) => {
  let t: TestDatabase;
  let other: TestDatabase;
  const db = () => t.database.db;
  const count = async (table: string, accId?: number) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ${sql.identifier(table)} ${accId === undefined ? sql`` : sql`where acc_id = ${accId}`}`,
      )
    )[0]!.n;
  // Raw SQL answers timestamps as text on one driver and as dates on the other.
  const records = async () =>
    (
      await queryRows<RecordRow>(
        db(),
        sql`select acc_id, id, client_id, client_phone, starts_at, length_sec, attendance, paid, deleted, short_link,
                   cost::text, services, created_at, changed_at
            from crm_records order by acc_id, id::int`,
      )
    ).map((r) => ({
      ...r,
      starts_at: new Date(r.starts_at),
      created_at: new Date(r.created_at),
      changed_at: new Date(r.changed_at),
    }));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    expect(await seedDemo(db(), NOW)).toBe(true);
  });
  afterAll(async () => {
    await t.drop();
    await other?.drop();
  });

  it('gives each demo branch a local CRM connection and its reference data', async () => {
    const connections = await queryRows<{ acc_id: number; kind: string; company_id: number; active: boolean }>(
      db(),
      sql`select acc_id, kind, company_id, active from crm_connections order by acc_id`,
    );
    expect(connections).toEqual([
      { acc_id: 1001, kind: 'local', company_id: 501001, active: true },
      { acc_id: 1002, kind: 'local', company_id: 501002, active: true },
      { acc_id: 1003, kind: 'local', company_id: 501003, active: true },
      { acc_id: 1004, kind: 'local', company_id: 502001, active: true },
    ]);
    for (const accId of Object.values(DEMO_BRANCHES)) {
      expect(await count('crm_staff', accId)).toBe(DEMO_CRM_SIZES.staff);
      expect(await count('crm_service_categories', accId)).toBe(5);
      expect(await count('crm_services', accId)).toBe(DEMO_CRM_SIZES.services);
      expect(await count('crm_goods', accId)).toBe(DEMO_CRM_SIZES.goods);
      expect(await count('crm_client_categories', accId)).toBe(3);
      expect(await count('crm_record_labels', accId)).toBe(5);
      expect(await count('crm_loyalty_card_types', accId)).toBe(3);
      expect(await count('crm_clients', accId)).toBe(DEMO_CRM_SIZES.clients);
      expect(await count('crm_records', accId)).toBe(DEMO_CRM_SIZES.records);
    }
    const staff = await queryRows<{ title: string; specialization: string }>(
      db(),
      sql`select title, specialization from crm_staff where acc_id = ${DEMO_BRANCHES.moscow} and id = '1'`,
    );
    expect(staff).toEqual([{ title: 'Анна Смирнова', specialization: 'стилист' }]);
    const prices = await queryRows<{ acc_id: number; price_min: string; duration_sec: number }>(
      db(),
      sql`select acc_id, price_min::text, duration_sec from crm_services where title = 'Женская стрижка' order by acc_id`,
    );
    expect(prices.map((p) => [p.acc_id, Number(p.price_min), p.duration_sec])).toEqual([
      [1001, 2500, 3600],
      [1002, 2150, 3600],
      [1003, 2250, 3600],
      [1004, 2000, 3600],
    ]);
  });

  it('writes no inbox events: the past is not news', async () => {
    expect(await count('crm_events')).toBe(0);
  });

  it('gives clients obviously fake +7 999 numbers, unique per branch, with visits that match their bookings', async () => {
    const clients = await queryRows<{
      acc_id: number;
      id: string;
      phone: string;
      success_visits: number;
      fail_visits: number;
      sex: number;
    }>(db(), sql`select acc_id, id, phone, success_visits, fail_visits, sex from crm_clients order by acc_id, id::int`);
    expect(clients.every((c) => /^7999\d{7}$/.test(c.phone))).toBe(true);
    expect(new Set(clients.map((c) => c.phone)).size).toBe(clients.length);
    // The sandbox's special numbers are among them.
    expect(
      clients
        .filter((c) => c.acc_id === 1001)
        .map((c) => c.phone.slice(-4))
        .slice(0, 3),
    ).toEqual(['0000', '0001', '0002']);
    const all = await records();
    for (const c of clients) {
      const mine = all.filter((r) => r.acc_id === c.acc_id && r.client_id === c.id);
      expect(c.success_visits).toBeGreaterThanOrEqual(mine.filter((r) => r.attendance === 1).length);
      expect(c.fail_visits).toBeGreaterThanOrEqual(mine.filter((r) => r.attendance === -1).length);
    }
  });

  it('places bookings in working hours of the branch, the past 30 days done, the next 14 days ahead', async () => {
    const all = await records();
    for (const r of all) {
      const zone = ZONES[r.acc_id]!;
      const start = localParts(r.starts_at, zone);
      const end = localParts(new Date(r.starts_at.getTime() + r.length_sec * 1000), zone);
      expect(start.hour * 60 + start.minute, `${r.acc_id}/${r.id}`).toBeGreaterThanOrEqual(10 * 60);
      expect(end.hour * 60 + end.minute, `${r.acc_id}/${r.id}`).toBeLessThanOrEqual(20 * 60);
      expect(r.starts_at.getTime()).toBeGreaterThan(NOW.getTime() - 31 * DAY);
      expect(r.starts_at.getTime()).toBeLessThan(NOW.getTime() + 15 * DAY);
      expect(r.created_at.getTime()).toBeLessThan(NOW.getTime());
      expect(r.changed_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.deleted).toBe(false);
      expect(r.short_link).toBe(`/r/${r.acc_id}/${r.id}`);
      expect(Number(r.cost)).toBeGreaterThanOrEqual(r.services.reduce((sum, s) => sum + s.cost, 0));
      const over = r.starts_at.getTime() + r.length_sec * 1000 <= NOW.getTime();
      if (over) {
        expect([1, -1]).toContain(r.attendance);
        expect(r.paid).toBe(r.attendance === 1);
      } else {
        expect([0, 2]).toContain(r.attendance);
        expect(r.paid).toBe(false);
      }
    }
    for (const accId of Object.values(DEMO_BRANCHES)) {
      const mine = all.filter((r) => r.acc_id === accId);
      expect(mine.filter((r) => r.starts_at < NOW).length).toBeGreaterThan(30);
      expect(mine.filter((r) => r.starts_at > NOW).length).toBeGreaterThan(10);
      expect(mine.some((r) => r.attendance === 2)).toBe(true);
      expect(mine.some((r) => r.attendance === 0)).toBe(true);
    }
  });

  it('keeps the rest of the demo as it was', async () => {
    // The partner programme's demo salons come on top (seed/demo-partners.ts).
    expect(await count('users')).toBe(5 + DEMO_PARTNER_ROWS.users);
    expect(await count('branches')).toBe(4 + DEMO_PARTNER_ROWS.branches);
    expect(await count('branch_members')).toBe(7 + DEMO_PARTNER_ROWS.branchMembers);
    const branches = await queryRows<{ acc_id: number; crm_name: string; time_zone: string }>(
      db(),
      sql`select acc_id, crm_name, time_zone from branches order by acc_id`,
    );
    expect(branches.filter((b) => b.acc_id in ZONES).map((b) => [b.acc_id, b.crm_name, b.time_zone])).toEqual(
      Object.entries(ZONES).map(([accId, zone]) => [Number(accId), 'local', zone]),
    );
  });

  it('runs once: a second start changes nothing', async () => {
    const before = { records: await records(), clients: await count('crm_clients'), staff: await count('crm_staff') };
    expect(await seedDemo(db(), new Date(NOW.getTime() + 5 * DAY))).toBe(false);
    expect({ records: await records(), clients: await count('crm_clients'), staff: await count('crm_staff') }).toEqual(
      before,
    );
  });

  it('is deterministic: the same clock gives the same salon', async () => {
    other = await createTestDatabase(kind);
    await applyMigrations(other.database);
    await seedDemo(other.database.db, NOW);
    const dump = (d: TestDatabase) =>
      queryRows(
        d.database.db,
        sql`select r.acc_id, r.id, r.client_name, r.client_phone, r.staff_name, r.services, r.starts_at::text, r.attendance, r.labels,
                   c.success_visits
            from crm_records r join crm_clients c on c.acc_id = r.acc_id and c.id = r.client_id
            order by r.acc_id, r.id::int`,
      );
    expect(await dump(other)).toEqual(await dump(t));
  });
});
