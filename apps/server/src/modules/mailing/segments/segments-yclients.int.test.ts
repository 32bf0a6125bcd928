import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_STATUS } from '@salon/contract/mailing-segments';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { sendoutRecipients, sendouts } from '../schema.js';

const COMPANY = 9301;
const branch = DEMO_BRANCHES.yekaterinburg;

// /get_clients_from_ycl for a branch whose bookings live in YCLIENTS: the real server with the
// YCLIENTS driver talking to the fake YCLIENTS over HTTP, the branch connected the way the owner
// connects it, the real draft maker.
describe.each(DB_KINDS)('clients from YCLIENTS for a send-out (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeYclients;
  let owner: string;

  beforeAll(async () => {
    fake = await startFakeYclients();
    fake.addCompany({ id: COMPANY, userToken: 'ekb-user-token', timezone: 'Asia/Yekaterinburg', offset: '+05:00' });
    fake.setReference(COMPANY, 'services', [{ id: 31, title: 'Стрижка', category_id: 7 }]);
    const clients = [
      { id: 1, name: 'Ирина', phone: '+7 916 100-00-01', sex_id: 2, visits: 5 },
      { id: 2, name: 'Ирина (дубль)', phone: '89161000001', sex_id: 2, visits: 1 },
      { id: 3, name: 'Без номера', phone: '', sex_id: 2 },
      { id: 4, name: 'В чёрном списке', phone: '+79161000004', sex_id: 2 },
      { id: 5, name: 'Олег', phone: '+79161000005', sex_id: 1, visits: 2 },
      { id: 6, name: 'Марина', phone: '+79161000006', sex_id: 2, visits: 0 },
    ];
    for (const client of clients) fake.putClient(COMPANY, client);
    fake.createRecord(COMPANY, {
      datetime: '2026-02-20T11:00:00',
      client: { id: 1, name: 'Ирина', phone: '+79161000001' },
      services: [{ id: 31, title: 'Стрижка', cost: 2000, amount: 1 }],
      attendance: 1,
    });
    app = await startTestApp(kind, { YCLIENTS_PARTNER_TOKEN: fake.partnerToken, YCLIENTS_API_URL: fake.baseUrl });
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.1')).token;
    const connected = await app.request({
      method: 'POST',
      url: `/api/crm/connection?acc_id=${branch}`,
      token: owner,
      body: { kind: 'yclients', company_id: COMPANY, user_token: 'ekb-user-token' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const blacklisted = await app.request({
      method: 'POST',
      url: `/api/blacklist?acc_id=${branch}`,
      token: owner,
      body: { action: 'add', phone: '79161000004' },
    });
    expect(blacklisted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const fetchClients = async (body: unknown) => {
    const res = await app.request({
      method: 'POST',
      url: `/api/mailing/get_clients_from_ycl?acc_id=${branch}`,
      token: owner,
      body,
    });
    return { code: res.statusCode, body: res.json<unknown>() };
  };
  const searches = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/clients/search'));

  it('searches YCLIENTS with the mapped filters and drafts its clients, counting the ones left out', async () => {
    fake.requests.length = 0;
    const res = await fetchClients({
      operation: 'AND',
      loyalty_action_id: null,
      filters: [{ type: 'client', gender: [2] }],
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as ParsedClientFile;
    expect(answer.report).toEqual({ rows: 5, clients: 2, duplicates: 1, blacklisted: 1, invalid: 1, empty: 0 });
    expect(answer.count).toBe(2);
    const recipients = await app.runtime.database.db
      .select()
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, answer.sendout_id))
      .orderBy(asc(sendoutRecipients.position));
    expect(recipients.map((r) => [r.phone, r.name, r.visits, r.lastVisitAt])).toEqual([
      ['79161000001', 'Ирина', 5, new Date('2026-02-20T06:00:00Z')],
      ['79161000006', 'Марина', 0, null],
    ]);
    const [draft] = await app.runtime.database.db.select().from(sendouts).where(eq(sendouts.id, answer.sendout_id));
    expect(draft).toMatchObject({ accId: branch, source: 'crm', status: 'draft' });
    expect(searches().map((r) => r.json)).toEqual([
      expect.objectContaining({ operation: 'AND', filters: [{ type: 'gender', state: { value: [2] } }], page: 1 }),
    ]);
    expect(searches()[0]!.headers.authorization).toBe(`Bearer ${fake.partnerToken}, User ekb-user-token`);
  });

  it('maps record conditions: Irina came for a haircut in February', async () => {
    const res = await fetchClients({
      operation: 'AND',
      filters: [
        {
          type: 'record',
          serviceCategories: ['7'],
          visit: 'visited',
          period: { from: '2026-02-01', to: '2026-02-28' },
        },
      ],
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect((res.body as ParsedClientFile).count).toBe(1);
  });

  it('refuses a filter YCLIENTS cannot evaluate, naming it, and drafts nothing', async () => {
    const before = await app.runtime.database.db.select({ id: sendouts.id }).from(sendouts);
    const res = await fetchClients({
      operation: 'AND',
      filters: [{ type: 'client', agePeriod: { from: 18, to: 30 } }],
    });
    expect(res).toEqual({
      code: 400,
      body: { ok: false, status: SEGMENT_STATUS.unsupportedFilter, detail: 'agePeriod' },
    });
    expect(await app.runtime.database.db.select({ id: sendouts.id }).from(sendouts)).toEqual(before);
  });

  it('answers "CRM unavailable" when YCLIENTS refuses the branch’s token', async () => {
    fake.failNext(1, {
      status: 401,
      body: { success: false, data: null, meta: { message: 'Необходима авторизация' } },
    });
    const res = await fetchClients({ operation: 'AND', filters: [{ type: 'client', gender: [1] }] });
    expect(res).toEqual({ code: 502, body: { ok: false, status: SEGMENT_STATUS.crmUnavailable, detail: 'yclients' } });
  });

  it('says "Нет контактов" when YCLIENTS finds nobody', async () => {
    const res = await fetchClients({ operation: 'AND', filters: [{ type: 'client', gender: [0] }] });
    expect(res).toMatchObject({ code: 400, body: { detail: 'Нет контактов' } });
  });
});
