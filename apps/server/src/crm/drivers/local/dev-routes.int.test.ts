import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_CRM_STATUS,
  type LocalCrmCatalog,
  type LocalCrmClientWire,
  type LocalCrmRecordWire,
} from '@salon/contract/local-crm';
import { STATUS } from '@salon/contract/status';
import { buildHttpApp } from '../../../app.js';
import { queryRows } from '../../../platform/db/client.js';
import { createLogger } from '../../../platform/logger.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { CrmRepository } from '../../repository.js';
import { localCrmDevRoutes } from './dev-routes.js';
import { LocalCrm } from './local-crm.js';

const { moscow, yekaterinburg, vladivostok, sendOut } = DEMO_BRANCHES;

// The dev booking API as the /dev/crm page calls it: signed in, on a branch the caller belongs to,
// and only for branches whose CRM is the local one.
describe.each(DB_KINDS)('local CRM dev API (%s)', (kind) => {
  let app: TestApp;
  let http: FastifyInstance;
  let owner: string;
  let templatesAdmin: string;
  let kicks = 0;

  type Answer<T> = {
    code: number;
    body: T & { ok: boolean; status?: string; issues?: { path: string; code: string }[] };
  };
  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    token: string | null = owner,
  ): Promise<Answer<T>> => {
    const res = await http.inject({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { code: res.statusCode, body: res.json() };
  };
  const eventsOf = (accId: number, recordId: string) =>
    queryRows<{ kinds: string[]; state: string }>(
      app.runtime.database.db,
      sql`select kinds, state from crm_events where acc_id = ${accId} and resource_id = ${recordId} order by id`,
    );
  const book = (accId: number = moscow, patch: Record<string, unknown> = {}) =>
    call<{ record: LocalCrmRecordWire }>('POST', `/crm/local/records?acc_id=${accId}`, {
      client_id: '3',
      staff_id: '1',
      service_ids: ['1'],
      start: '2026-03-12T11:00',
      ...patch,
    });

  beforeAll(async () => {
    app = await startTestApp(kind);
    const crm = new LocalCrm({
      repo: new CrmRepository(app.runtime.database.db),
      clock: app.clock,
      kick: async () => void (kicks += 1),
    });
    // The runtime mounts these routes once it is wired; here they sit on an app of their own with
    // the runtime's real authenticator.
    http = await buildHttpApp({
      logger: createLogger('silent'),
      trustProxy: false,
      webDistDir: undefined,
      authenticator: app.runtime.services.auth,
      hosts: { main: [localCrmDevRoutes(crm)], mailing: [], ai: [] },
      healthy: async () => true,
    });
    await http.ready();
    owner = (await app.login(DEMO_USERS.owner, '10.30.0.1')).token;
    templatesAdmin = (await app.login(DEMO_USERS.templatesAdmin, '10.30.0.2')).token;
  });
  afterAll(async () => {
    await http?.close();
    await app?.close();
  });

  it('lists the catalogue with the branch’s time zone', async () => {
    const res = await call<LocalCrmCatalog>('GET', `/crm/local/catalog?acc_id=${vladivostok}`);
    expect(res.code).toBe(200);
    expect(res.body.time_zone).toBe('Asia/Vladivostok');
    expect(res.body.staff).toHaveLength(6);
    expect(res.body.staff.every((s) => s.specialization)).toBe(true);
    expect(res.body.services).toHaveLength(15);
    expect(res.body.services[0]).toEqual(
      expect.objectContaining({ price_min: expect.any(Number), duration_sec: expect.any(Number) }),
    );
    expect(res.body.categories.map((c) => c.title)).toContain('Маникюр');
    expect(res.body.goods).toHaveLength(5);
    expect(res.body.labels.map((l) => l.title)).toContain('Онлайн-запись');
    expect(res.body.client_categories.map((l) => l.title)).toEqual(['Постоянный', 'VIP', 'Новый']);
  });

  it('creates a record at the branch’s wall-clock time, with its inbox event, and lists it on that day', async () => {
    const created = await book(yekaterinburg, { online: true, label_ids: ['2'], comment: 'Тест' });
    expect(created.code).toBe(200);
    const record = created.body.record;
    // 11:00 in Yekaterinburg (UTC+5).
    expect(record).toMatchObject({
      starts_at: '2026-03-12T06:00:00.000Z',
      local_start: '2026-03-12T11:00',
      attendance: 0,
      online: true,
      labels: ['2'],
      comment: 'Тест',
      short_link: `/r/${yekaterinburg}/${record.id}`,
      staff_id: '1',
    });
    expect(record.cost).toBe(record.services[0]!.cost);
    expect(await eventsOf(yekaterinburg, record.id)).toEqual([{ kinds: ['record_create'], state: 'derived' }]);

    const day = await call<{ time_zone: string; records: LocalCrmRecordWire[] }>(
      'GET',
      `/crm/local/records?acc_id=${yekaterinburg}&from=2026-03-12&to=2026-03-12`,
    );
    expect(day.code).toBe(200);
    expect(day.body.time_zone).toBe('Asia/Yekaterinburg');
    expect(day.body.records.map((r) => r.id)).toContain(record.id);
    const starts = day.body.records.map((r) => r.starts_at);
    expect(starts).toEqual([...starts].sort());
    expect(day.body.records.every((r) => r.local_start.startsWith('2026-03-12T'))).toBe(true);
  });

  it('books a new client by name and phone and finds them again', async () => {
    const res = await book(moscow, {
      client_id: undefined,
      client: { name: 'Тамара Ветрова', phone: '8 (999) 777-12-34' },
    });
    expect(res.code).toBe(200);
    expect(res.body.record).toMatchObject({ client_name: 'Тамара Ветрова', client_phone: '79997771234' });
    const found = await call<{ clients: LocalCrmClientWire[] }>(
      'GET',
      `/crm/local/clients?acc_id=${moscow}&search=777-12`,
    );
    expect(found.body.clients.map((c) => c.phone)).toEqual(['79997771234']);
    const byName = await call<{ clients: LocalCrmClientWire[] }>(
      'GET',
      `/crm/local/clients?acc_id=${moscow}&search=${encodeURIComponent('ветрова')}`,
    );
    expect(byName.body.clients.map((c) => c.name)).toEqual(['Тамара Ветрова']);
  });

  it('creates a client', async () => {
    const res = await call<{ client: LocalCrmClientWire }>('POST', `/crm/local/clients?acc_id=${moscow}`, {
      name: 'Ева Лунная',
      phone: '+7 999 777 00 01',
      birthday: '1990-05-06',
      sex: 2,
      categories: ['3'],
    });
    expect(res.code).toBe(200);
    expect(res.body.client).toMatchObject({
      name: 'Ева Лунная',
      phone: '79997770001',
      birthday: '1990-05-06',
      categories: ['3'],
      success_visits: 0,
    });
    const bad = await call('POST', `/crm/local/clients?acc_id=${moscow}`, { name: 'X', phone: 'нет' });
    expect(bad.code).toBe(400);
    expect(bad.body.status).toBe(LOCAL_CRM_STATUS.invalidPhone);
  });

  it('moves, marks, pays and cancels, each with the kinds the engine expects', async () => {
    const { record } = (await book()).body;
    const moved = await call<{ record: LocalCrmRecordWire }>(
      'POST',
      `/crm/local/records/${record.id}/move?acc_id=${moscow}`,
      {
        start: '2026-03-13T15:30',
        staff_id: '6',
      },
    );
    expect(moved.code).toBe(200);
    expect(moved.body.record).toMatchObject({
      local_start: '2026-03-13T15:30',
      staff_id: '6',
      staff_name: 'Ирина Павлова',
    });

    const confirmed = await call<{ record: LocalCrmRecordWire }>(
      'POST',
      `/crm/local/records/${record.id}/attendance?acc_id=${moscow}`,
      { attendance: 2 },
    );
    expect(confirmed.body.record.attendance).toBe(2);
    await call('POST', `/crm/local/records/${record.id}/attendance?acc_id=${moscow}`, { attendance: 1 });
    const paid = await call<{ record: LocalCrmRecordWire }>(
      'POST',
      `/crm/local/records/${record.id}/pay?acc_id=${moscow}`,
    );
    expect(paid.body.record.paid).toBe(true);
    const cancelled = await call<{ record: LocalCrmRecordWire }>(
      'DELETE',
      `/crm/local/records/${record.id}?acc_id=${moscow}`,
    );
    expect(cancelled.body.record).toMatchObject({ deleted: true, deleted_at: app.clock.now().toISOString() });

    expect((await eventsOf(moscow, record.id)).map((e) => e.kinds)).toEqual([
      ['record_create'],
      ['record_update'],
      ['record_update'],
      ['record_update', 'record_done'],
      ['record_paid'],
      ['record_delete'],
    ]);
    const again = await call('POST', `/crm/local/records/${record.id}/pay?acc_id=${moscow}`);
    expect(again).toMatchObject({ code: 409, body: { ok: false, status: LOCAL_CRM_STATUS.recordDeleted } });
  });

  it('validates input with coded answers', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start: '2026-02-30T10:00' }, STATUS.badRequest],
      [{ start: '12.03.2026 10:00' }, STATUS.badRequest],
      [{ service_ids: [] }, STATUS.badRequest],
      [{ client: { name: 'A', phone: '79990000000' } }, STATUS.badRequest],
      [{ staff_id: '77' }, LOCAL_CRM_STATUS.unknownStaff],
      [{ service_ids: ['77'] }, LOCAL_CRM_STATUS.unknownService],
    ];
    for (const [patch, status] of cases) {
      const res = await book(moscow, patch);
      expect(res.code, JSON.stringify(patch)).toBe(400);
      expect(res.body.status, JSON.stringify(patch)).toBe(status);
    }
    const range = await call('GET', `/crm/local/records?acc_id=${moscow}&from=2026-03-01&to=2026-04-15`);
    expect(range.code).toBe(400);
    const missing = await call('POST', `/crm/local/records/999999/pay?acc_id=${moscow}`);
    expect(missing.code).toBe(404);
    const nothing = await call('POST', `/crm/local/records/1/move?acc_id=${moscow}`, {});
    expect(nothing.code).toBe(400);
  });

  it('refuses a branch the caller does not belong to (403), and callers without a token (401)', async () => {
    const before = await queryRows<{ n: number }>(
      app.runtime.database.db,
      sql`select count(*)::int as n from crm_records`,
    );
    // The templates admin has Moscow and Yekaterinburg, not Vladivostok or the send-out studio.
    for (const accId of [vladivostok, sendOut]) {
      const list = await call(
        'GET',
        `/crm/local/records?acc_id=${accId}&from=2026-03-12&to=2026-03-12`,
        undefined,
        templatesAdmin,
      );
      expect(list.code).toBe(403);
      const create = await call(
        'POST',
        `/crm/local/records?acc_id=${accId}`,
        { client_id: '3', staff_id: '1', service_ids: ['1'], start: '2026-03-12T11:00' },
        templatesAdmin,
      );
      expect(create.code).toBe(403);
      const pay = await call('POST', `/crm/local/records/1/pay?acc_id=${accId}`, undefined, templatesAdmin);
      expect(pay.code).toBe(403);
    }
    expect((await call('GET', `/crm/local/catalog?acc_id=${moscow}`, undefined, templatesAdmin)).code).toBe(200);
    expect((await call('GET', `/crm/local/catalog?acc_id=${moscow}`, undefined, null)).code).toBe(401);
    // A call must name its branch.
    expect((await call('GET', '/crm/local/catalog')).code).toBe(400);
    const after = await queryRows<{ n: number }>(
      app.runtime.database.db,
      sql`select count(*)::int as n from crm_records`,
    );
    expect(after).toEqual(before);
  });

  it('refuses a branch whose CRM is not the local one (409 CRM_NOT_LOCAL), writing nothing', async () => {
    const db = app.runtime.database.db;
    await db.execute(sql`update crm_connections set kind = 'yclients' where acc_id = ${vladivostok}`);
    try {
      const count = async () =>
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from crm_records where acc_id = ${vladivostok}`,
          )
        )[0]!.n;
      const before = await count();
      const answers = [
        await call('GET', `/crm/local/catalog?acc_id=${vladivostok}`),
        await call('GET', `/crm/local/clients?acc_id=${vladivostok}`),
        await call('GET', `/crm/local/records?acc_id=${vladivostok}&from=2026-03-12&to=2026-03-12`),
        await book(vladivostok),
        await call('POST', `/crm/local/clients?acc_id=${vladivostok}`, { name: 'Ю', phone: '79997770099' }),
        await call('POST', `/crm/local/records/1/attendance?acc_id=${vladivostok}`, { attendance: 1 }),
        await call('POST', `/crm/local/records/1/pay?acc_id=${vladivostok}`),
        await call('DELETE', `/crm/local/records/1?acc_id=${vladivostok}`),
      ];
      for (const answer of answers)
        expect(answer).toMatchObject({ code: 409, body: { ok: false, status: LOCAL_CRM_STATUS.notLocal } });
      expect(await count()).toBe(before);
    } finally {
      await db.execute(sql`update crm_connections set kind = 'local' where acc_id = ${vladivostok}`);
    }
  });

  it('kicks the processor after each change', () => {
    expect(kicks).toBeGreaterThan(5);
  });
});
