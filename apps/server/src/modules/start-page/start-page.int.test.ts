import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_PAGE_STATUS as S } from '@salon/contract/start-page';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const ACC = DEMO_BRANCHES.moscow;
const SALON_WA = '79990007711';

// SPEC 2, 4, 5, 7: the booking-system start page. A client leaves a name and a phone on the page
// the salon's booking form links to; the salon greets them on WhatsApp or calls them back.
describe.each(DB_KINDS)('booking start page (%s)', (kind) => {
  let app: TestApp;
  let hash: string;
  let ipNo = 0;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://cabinet.example' });
    const { token } = await app.login(DEMO_USERS.owner);
    const link = await app.request({ method: 'GET', url: `/api/start_page/link?acc_id=${ACC}`, token });
    expect(link.statusCode, link.body).toBe(200);
    const data = link.json<{ data: { url: string; form_hash: string; branch_id: number } }>().data;
    hash = data.form_hash;
    expect(data.branch_id).toBe(ACC);
    expect(data.url).toBe(`https://cabinet.example/start_page?branchId=${ACC}&formHash=${hash}`);
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.database.db;
  const nextIp = () => `10.88.0.${++ipNo}`;
  const submit = (params: Record<string, string>, ip = nextIp()) =>
    app.request({ method: 'POST', url: `/api/start_page?${new URLSearchParams(params).toString()}`, ip });
  const form = (change: Record<string, string> = {}) => ({
    communication_method: 'whatsapp',
    salon_id: String(ACC),
    user_name: 'Анна',
    phone: '79161234567',
    lead_id: 'lead-7',
    form_hash: hash,
    form_url: 'https://booking.example/form/1',
    crm_name: 'local',
    ...change,
  });
  const outboxOf = (phone: string) =>
    queryRows<{ id: number; body: string; channels: string[] | null; client_name: string; source: string }>(
      db(),
      sql`select id::int as id, body, channels, client_name, source from outbox where recipient = ${phone} and source = 'start_page'`,
    );
  const requestsOf = (phone: string) =>
    queryRows<{ status: string; status_reason: string | null; outbox_id: number | null; crm_client_id: string | null }>(
      db(),
      sql`select status, status_reason, outbox_id, crm_client_id from start_page_requests where phone = ${phone} order by id`,
    );
  const botNotes = () => {
    const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((n) => n.endsWith('-alert.txt'))
      .map((n) => ({ file: n, text: readFileSync(path.join(dir, n), 'utf8') }));
  };

  it('checks the link: the salon for a right hash, 404 for anything else', async () => {
    const ok = await app.request({ method: 'GET', url: `/api/start_page?branchId=${ACC}&formHash=${hash}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, whatsapp_available: false });
    expect(ok.json<{ salon_name: string }>().salon_name).not.toBe('');

    for (const url of [
      `/api/start_page?branchId=${ACC}&formHash=${hash.slice(0, -1)}x`,
      `/api/start_page?branchId=${DEMO_BRANCHES.yekaterinburg}&formHash=${hash}`,
      `/api/start_page?branchId=999999&formHash=${hash}`,
      `/api/start_page?branchId=abc&formHash=${hash}`,
    ]) {
      expect((await app.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    const wrong = await submit(form({ form_hash: `${hash.slice(0, -1)}x`, user_name: '' }));
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses the name, then the phone, in the order of SPEC 5, and keeps nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ user_name: '  ', phone: '' }, S.nameEmpty],
      [{ phone: '' }, S.phoneEmpty],
      [{ phone: '+7 (916) 12' }, S.phoneShort],
      [{ phone: '0000000000000' }, S.phoneInvalid],
      [{ communication_method: 'sms' }, S.methodInvalid],
    ];
    const answers = [];
    for (const [change] of cases) {
      const res = await submit(form({ ...change, phone: change.phone ?? '79160000001' }));
      answers.push([res.statusCode, res.json<{ status: string }>().status]);
    }
    expect(answers).toEqual(cases.map(([, status]) => [400, status]));
    expect(await requestsOf('79160000001')).toEqual([]);
  });

  it('greets a WhatsApp client once, makes them a CRM client and answers the salon chat link', async () => {
    const { repo } = app.runtime.channels;
    const now = app.clock.now();
    const instance = await repo.ensureInstance(ACC, 'whatsapp', 'sandbox', now);
    await app.runtime.channels.sandbox.link(instance.id, 'whatsapp', SALON_WA);
    await repo.saveStatus(instance.id, 'authenticated', null, SALON_WA, now);

    const info = await app.request({ method: 'GET', url: `/api/start_page?branchId=${ACC}&formHash=${hash}` });
    expect(info.json()).toMatchObject({ whatsapp_available: true });

    const res = await submit(form({ phone: '+7 (916) 123-45-67' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(`https://wa.me/${SALON_WA}`);

    const sent = await outboxOf('79161234567');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ client_name: 'Анна', channels: ['whatsapp'], source: 'start_page' });
    expect(sent[0]!.body).toContain('Здравствуйте, Анна!');

    const [client] = await queryRows<{ id: string; name: string }>(
      db(),
      sql`select id, name from crm_clients where acc_id = ${ACC} and phone = '79161234567'`,
    );
    expect(client?.name).toBe('Анна');
    const requests = await requestsOf('79161234567');
    expect(requests).toEqual([
      { status: 'started', status_reason: null, outbox_id: sent[0]!.id, crm_client_id: client!.id },
    ]);

    // Sent again a minute later (the back button): the same chat link, no second greeting.
    app.clock.advance(60_000);
    const again = await submit(form({ phone: '89161234567' }));
    expect(again.json()).toBe(`https://wa.me/${SALON_WA}`);
    expect(await outboxOf('79161234567')).toHaveLength(1);
    expect((await requestsOf('79161234567')).map((r) => r.status_reason)).toEqual([null, 'repeat']);

    // After the window a new request starts a new greeting.
    app.clock.advance(11 * 60_000);
    await submit(form());
    expect(await outboxOf('79161234567')).toHaveLength(2);
    const crmClients = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from crm_clients where acc_id = ${ACC} and phone = '79161234567'`,
    );
    expect(Number(crmClients[0]!.n)).toBe(1);
  });

  it('asks the admins to call back a phone client and sends the client nothing', async () => {
    const before = botNotes().length;
    const res = await submit(form({ communication_method: 'phone', phone: '79162223344', user_name: 'Борис' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('ok');
    expect(await outboxOf('79162223344')).toEqual([]);
    expect(await requestsOf('79162223344')).toMatchObject([{ status: 'callback', outbox_id: null }]);
    const notes = botNotes().slice(before);
    expect(notes.length).toBeGreaterThanOrEqual(1);
    const owners = notes.filter((n) => n.file.includes(`-${DEMO_USERS.owner}-`));
    expect(owners).toHaveLength(1);
    expect(owners[0]!.text).toContain('Борис, +79162223344');

    // A repeat within the window is kept, but nobody is told twice.
    await submit(form({ communication_method: 'phone', phone: '79162223344', user_name: 'Борис' }));
    expect(botNotes().length).toBe(before + notes.length);
  });

  it('limits the page per address and per phone', async () => {
    const ip = '10.88.200.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await submit(form({ user_name: '' }), ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);

    const phone = '79163334455';
    const perPhone: number[] = [];
    for (let i = 0; i < 6; i++)
      perPhone.push((await submit(form({ communication_method: 'phone', phone }))).statusCode);
    expect(perPhone).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
