import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_STATUS,
  consentStatusOf,
  type ConsentActionResponse,
  type ConsentEntryWire,
  type ConsentListResponse,
} from '@salon/contract/consents';
import type { ChannelInstanceRow } from '../../channels/repository.js';
import { crmServices, crmStaff } from '../../crm/schema.js';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { templates, templateVersions } from '../templates/schema.js';
import { startConsentsTestApp, type ConsentsTestApp } from '../../test-support/consents/test-app.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
type Fail = { ok: false; status: string; issues?: { path: string; code: string }[] };

// SPEC 3/4/5/7 Consents: the list on the mailing host as the cabinet calls it, the changelog the
// server writes (people, the template engine, clients' answers) and the xlsx sent by the admin bot.
// Access tokens live 15 minutes from the login at 09:00: the clock only moves within them.
describe.each(DB_KINDS)('consent list API (%s)', (kind) => {
  let app: ConsentsTestApp;
  let owner: string;
  const db = () => app.base.runtime.database.db;

  beforeAll(async () => {
    app = await startConsentsTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner, '10.40.0.1')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, token, body });
    return { code: res.statusCode, body: res.json<unknown>() };
  };
  const list = async (query = '', accId: number = moscow) => {
    const res = await call('GET', `/api/mailing/sendout_consents?acc_id=${accId}${query}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as ConsentListResponse;
  };
  const entry = async (phone: string, accId: number = moscow) =>
    (await list(`&search=${phone}`, accId)).data.find((e) => e.phone === phone);
  const add = (body: Record<string, unknown>, accId: number = moscow, token = owner) =>
    call('POST', `/api/mailing/sendout_consent?acc_id=${accId}`, body, token);
  const patch = (body: Record<string, unknown>, accId: number = moscow, token = owner) =>
    call('PATCH', `/api/mailing/sendout_consent?acc_id=${accId}`, body, token);
  const xlsx = (body: Record<string, unknown>, accId: number = moscow, token = owner) =>
    call('POST', `/api/mailing/send_consent_xlsx?acc_id=${accId}`, body, token);
  const status = (e: ConsentEntryWire | undefined) => (e ? consentStatusOf(e.active, e.consent) : undefined);
  // Everything the consent calls write, so a refused call can be shown to have written nothing.
  const snapshot = async () => ({
    entries: await queryRows(
      db(),
      sql`select acc_id, phone, active, consent, comment, client_text, consent_at, updated_at from consents order by acc_id, phone`,
    ),
    log: await queryRows(db(), sql`select count(*)::int as n from consent_changes`),
  });

  it('adds a number by hand with its status, comment and a manual_creation entry by the caller', async () => {
    app.base.clock.set('2026-03-10T09:00:00Z');
    const res = await add({
      phone: '79990001001',
      comment: '  Просила не звонить  ',
      client_text: null,
      consent: true,
    });
    expect(res.code).toBe(200);
    const added = res.body as ConsentActionResponse;
    expect(added.status).toBe(CONSENT_STATUS.added);
    expect(added.data).toEqual({
      active: true,
      phone: '79990001001',
      client_text: null,
      consent: true,
      consent_at: '2026-03-10T09:00:00.000Z',
      comment: 'Просила не звонить',
      updated_at: '2026-03-10T09:00:00.000Z',
      changelog: [
        {
          actions: ['manual_creation'],
          date: '2026-03-10T09:00:00.000Z',
          new_active: true,
          new_client_text: null,
          new_comment: 'Просила не звонить',
          new_consent: true,
          user_tg_id: DEMO_USERS.owner,
        },
      ],
    });
    // SPEC 4: true consent, false declined, null neutral (not active).
    await add({ phone: '79990001002', comment: '', client_text: null, consent: false });
    await add({ phone: '79990001003', comment: null, client_text: null, consent: null });
    expect(status(await entry('79990001002'))).toBe('declined');
    expect(status(await entry('79990001003'))).toBe('neutral');
    expect((await entry('79990001003'))?.consent_at).toBeNull();
  });

  it('refuses a number already listed (writing nothing) and an invalid one', async () => {
    const before = await snapshot();
    const again = await add({ phone: '79990001001', comment: 'другой', client_text: null, consent: false });
    expect(again).toEqual({ code: 409, body: { ok: false, status: CONSENT_STATUS.alreadyAdded } });
    for (const phone of ['', '7999', '+79990001009', '7999abc0001', '1234567890123456']) {
      const res = await add({ phone, comment: null, client_text: null, consent: null });
      expect(res.code, phone).toBe(400);
      expect((res.body as Fail).issues?.[0]?.path).toBe('body.phone');
    }
    const long = await add({ phone: '79990001009', comment: 'x'.repeat(501), client_text: null, consent: null });
    expect(long.code).toBe(400);
    expect((long.body as Fail).issues?.[0]).toEqual({ path: 'body.comment', code: 'comment_too_long' });
    expect(await snapshot()).toEqual(before);
  });

  it('changes the status and the comment, logging only what changed, with the caller’s id', async () => {
    app.base.clock.set('2026-03-10T09:01:00Z');
    const res = await patch({ actions: ['change_consent'], request: { phone: '79990001003', consent: true } });
    expect(res.code).toBe(200);
    const changed = (res.body as ConsentActionResponse).data;
    expect(changed).toMatchObject({ active: true, consent: true, consent_at: '2026-03-10T09:01:00.000Z' });
    expect(changed.changelog.at(-1)).toEqual({
      actions: ['change_consent'],
      date: '2026-03-10T09:01:00.000Z',
      new_active: true,
      new_client_text: null,
      new_comment: null,
      new_consent: true,
      user_tg_id: DEMO_USERS.owner,
    });

    app.base.clock.set('2026-03-10T09:02:00Z');
    const both = await patch({
      actions: ['change_consent', 'change_comment'],
      request: { phone: '79990001003', consent: null, comment: 'Передумала' },
    });
    const after = (both.body as ConsentActionResponse).data;
    expect(status(after)).toBe('neutral');
    expect(after.consent_at).toBeNull();
    expect(after.comment).toBe('Передумала');
    expect(after.changelog.map((c) => c.actions)).toEqual([
      ['manual_creation'],
      ['change_consent'],
      ['change_consent', 'change_comment'],
    ]);

    // Of two asked actions only the one that changes something is applied and logged.
    app.base.clock.set('2026-03-10T09:03:00Z');
    const half = await patch({
      actions: ['change_consent', 'change_comment'],
      request: { phone: '79990001003', consent: null, comment: 'Передумала, звонить после 18' },
    });
    expect((half.body as ConsentActionResponse).data.changelog.at(-1)).toMatchObject({
      actions: ['change_comment'],
      new_comment: 'Передумала, звонить после 18',
      new_consent: null,
      new_active: false,
    });
    expect((half.body as ConsentActionResponse).data.updated_at).toBe('2026-03-10T09:03:00.000Z');
  });

  it('refuses a change that changes nothing, an empty action list and a missing value, writing nothing', async () => {
    const before = await snapshot();
    const same = await patch({
      actions: ['change_consent', 'change_comment'],
      // Neutral stays neutral; the comment differs only by spaces.
      request: { phone: '79990001003', consent: null, comment: ' Передумала, звонить после 18 ' },
    });
    expect(same).toEqual({ code: 400, body: { ok: false, status: CONSENT_STATUS.nothingToChange } });
    const empty = await patch({ actions: [], request: { phone: '79990001003', consent: true } });
    expect(empty).toEqual({ code: 400, body: { ok: false, status: CONSENT_STATUS.nothingToChange } });
    const missing = await patch({ actions: ['change_comment'], request: { phone: '79990001003', consent: true } });
    expect(missing.code).toBe(400);
    expect((missing.body as Fail).issues).toEqual([{ path: 'body.request.comment', code: 'required' }]);
    const unknown = await patch({ actions: ['change_consent'], request: { phone: '79990009999', consent: true } });
    expect(unknown).toEqual({ code: 404, body: { ok: false, status: CONSENT_STATUS.notFound } });
    const bogus = await patch({ actions: ['delete'], request: { phone: '79990001003' } });
    expect(bogus.code).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('logs the template engine’s question (template_creation) and the client’s answer (user_answered)', async () => {
    app.base.clock.set('2026-03-10T09:04:00Z');
    const [staff] = await db().select({ id: crmStaff.id }).from(crmStaff).where(eq(crmStaff.accId, moscow)).limit(1);
    const [service] = await db()
      .select({ id: crmServices.id })
      .from(crmServices)
      .where(eq(crmServices.accId, moscow))
      .limit(1);
    await db().execute(sql`update templates set active = false`);
    const now = app.base.clock.now();
    const [template] = await db()
      .insert(templates)
      .values({
        accId: moscow,
        kind: 'em',
        category: 'consent',
        title: 'Согласие на рассылку',
        active: true,
        settings: { when_send: 'consent', when_send2: 'record_create_consent' },
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: templates.id });
    await db()
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        version: 1,
        content: [{ type: 'text', body: 'Можно присылать вам новости? Ответьте да или нет', caption: '' }],
        createdAt: now,
      });
    const phone = '79990002001';
    // A number the salon had listed by hand as neutral: the question makes it 'await'.
    await add({ phone, comment: 'С ресепшена', client_text: null, consent: null });
    await app.base.runtime.crm.local.createRecord(moscow, {
      client: { name: 'Светлана Орлова', phone },
      staffId: staff!.id,
      serviceIds: [service!.id],
      startsAt: new Date('2026-03-11T11:00:00Z'),
    });
    await app.base.runtime.crm.processor.processPending();
    const asked = await entry(phone);
    expect(status(asked)).toBe('await');
    expect(asked?.changelog.at(-1)).toEqual({
      actions: ['template_creation'],
      date: '2026-03-10T09:04:00.000Z',
      new_active: true,
      new_client_text: null,
      new_comment: 'С ресепшена',
      new_consent: null,
      user_tg_id: null,
    });

    await db().execute(
      sql`update outbox set status = 'sent', sent_at = ${now.toISOString()}::timestamptz where recipient = ${phone} and source = 'template'`,
    );
    app.base.clock.set('2026-03-10T09:05:00Z');
    const handled = await app.base.runtime.channels.replies.run({
      accId: moscow,
      instance: { id: `whatsapp-${moscow}`, accId: moscow, kind: 'whatsapp' } as ChannelInstanceRow,
      message: {
        providerMessageId: 'in-consent-1',
        from: phone,
        name: null,
        at: app.base.clock.now(),
        type: 'text',
        body: 'Да, конечно',
        caption: null,
        file: null,
      },
    });
    expect(handled).toBe('consent');
    const answered = await entry(phone);
    expect(answered).toMatchObject({
      consent: true,
      client_text: 'Да, конечно',
      consent_at: '2026-03-10T09:05:00.000Z',
      comment: 'С ресепшена',
    });
    expect(answered?.changelog.map((c) => c.actions)).toEqual([
      ['manual_creation'],
      ['template_creation'],
      ['user_answered'],
    ]);
    expect(answered?.changelog.at(-1)).toEqual({
      actions: ['user_answered'],
      date: '2026-03-10T09:05:00.000Z',
      new_active: true,
      new_client_text: 'Да, конечно',
      new_comment: 'С ресепшена',
      new_consent: true,
      user_tg_id: null,
    });
    await db().execute(sql`update templates set active = false where id = ${template!.id}`);
  });

  it('pages by 50, newest change first, searches by digits and filters by status', async () => {
    app.base.clock.set('2026-03-10T09:06:00Z');
    for (let i = 0; i < 60; i++) {
      app.base.clock.advance(1000);
      const res = await add({
        phone: `7988000${String(i).padStart(4, '0')}`,
        comment: null,
        client_text: null,
        consent: i % 3 === 0 ? true : i % 3 === 1 ? false : null,
      });
      expect(res.code).toBe(200);
    }
    const first = await list();
    const total = first.counts.all;
    expect(first.page_size).toBe(50);
    expect(first.data).toHaveLength(50);
    expect(first.count).toBe(total);
    expect(first.data[0]?.phone).toBe('79880000059');
    expect(first.data[1]?.phone).toBe('79880000058');
    const second = await list('&page=2');
    expect(second.data).toHaveLength(total - 50);
    expect(new Set([...first.data, ...second.data].map((e) => e.phone)).size).toBe(total);

    const found = await list('&search=7988000001');
    expect(found.count).toBe(10);
    expect(found.data.every((e) => e.phone.includes('7988000001'))).toBe(true);

    const counts = first.counts;
    expect(counts.consent + counts.declined + counts.await + counts.neutral).toBe(counts.all);
    for (const s of ['consent', 'declined', 'await', 'neutral'] as const) {
      const filtered = await list(`&status=${s}&page_size=200`);
      expect(filtered.count, s).toBe(counts[s]);
      expect(filtered.data.every((e) => status(e) === s)).toBe(true);
    }
    expect((await list('&status=declined&search=79880000')).count).toBe(20);
    expect((await call('GET', `/api/mailing/sendout_consents?acc_id=${moscow}&status=maybe`)).code).toBe(400);
    expect((await call('GET', `/api/mailing/sendout_consents?acc_id=${moscow}&search=7a`)).code).toBe(400);
  });

  it('keeps each branch’s list to itself and refuses other networks and users without sendouts', async () => {
    expect((await list('', yekaterinburg)).count).toBe(0);
    expect(
      await add({ phone: '79990001001', comment: null, client_text: null, consent: false }, yekaterinburg),
    ).toEqual(expect.objectContaining({ code: 200 }));
    expect(status(await entry('79990001001', yekaterinburg))).toBe('declined');
    expect(status(await entry('79990001001', moscow))).toBe('consent');

    const before = await snapshot();
    const stranger = (await app.base.login(DEMO_USERS.sendOutOwner, '10.40.0.2')).token;
    const templatesAdmin = (await app.base.login(DEMO_USERS.templatesAdmin, '10.40.0.3')).token;
    const calls = [
      ['GET', `/api/mailing/sendout_consents?acc_id=${moscow}`, undefined],
      ['POST', `/api/mailing/sendout_consent?acc_id=${moscow}`, { phone: '79990003001', consent: true }],
      [
        'PATCH',
        `/api/mailing/sendout_consent?acc_id=${moscow}`,
        { actions: ['change_consent'], request: { phone: '79990001001', consent: false } },
      ],
      ['POST', `/api/mailing/send_consent_xlsx?acc_id=${moscow}`, { consent: true, declines: true, neutral: true }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect(await call(method, url, body, stranger), `${method} ${url}`).toEqual({
        code: 403,
        body: { ok: false, status: 'Access denied' },
      });
      // SPEC 6: the mailing pages need owner/support or sendouts; edit_templates is not enough.
      expect(await call(method, url, body, templatesAdmin), `${method} ${url}`).toEqual({
        code: 403,
        body: { ok: false, status: 'Fail rights' },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(app.botLines).toHaveLength(0);

    // An admin with sendouts may work with the list; the log names them.
    const consultant = (await app.base.login(DEMO_USERS.salonConsultant, '10.40.0.4')).token;
    const res = await patch(
      { actions: ['change_comment'], request: { phone: '79990001001', comment: 'Подтвердила по телефону' } },
      moscow,
      consultant,
    );
    expect(res.code).toBe(200);
    expect((res.body as ConsentActionResponse).data.changelog.at(-1)?.user_tg_id).toBe(DEMO_USERS.salonConsultant);
  });

  it('sends the xlsx of the chosen statuses to the caller through the admin bot', async () => {
    await add({ phone: '79990004001', comment: '=HYPERLINK("http://x")', client_text: null, consent: true });
    const counts = (await list()).counts;
    const read = async () => {
      const match = /^admin bot document for (\d+): (.+)\n$/.exec(app.botLines.at(-1)!);
      expect(match?.[1]).toBe(String(DEMO_USERS.owner));
      expect(match![2]).toContain(`${app.base.runtime.config.dataDir}/bot-outbox/`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync(match![2]!) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };

    const onlyConsent = await xlsx({ consent: true, declines: false, neutral: false });
    expect(onlyConsent).toEqual({
      code: 200,
      body: { ok: true, status: CONSENT_STATUS.sentToTelegram, count: counts.consent },
    });
    const consentRows = await read();
    expect(consentRows[0]).toEqual(['Телефон', 'Статус', 'Ответ клиента', 'Комментарий', 'Дата ответа', 'Обновлено']);
    expect(consentRows).toHaveLength(counts.consent + 1);
    expect(consentRows.slice(1).every((r) => r[1] === 'Согласие')).toBe(true);
    // A comment a spreadsheet would run as a formula is written as text.
    const risky = consentRows.find((r) => r[0] === '79990004001');
    expect(risky?.[3]).toBe('\'=HYPERLINK("http://x")');
    // The answer of 79990002001 came at 09:05 UTC: 12:05 in Moscow.
    expect(consentRows.find((r) => r[0] === '79990002001')?.[4]).toBe('2026-03-10 12:05');

    const rest = await xlsx({ consent: false, declines: true, neutral: true });
    expect((rest.body as { count: number }).count).toBe(counts.declined + counts.await + counts.neutral);
    const restRows = await read();
    expect(new Set(restRows.slice(1).map((r) => r[1]))).toEqual(
      new Set(['Отказ', 'Нейтральный', ...(counts.await > 0 ? ['Ожидает ответа'] : [])]),
    );

    const lines = app.botLines.length;
    expect(await xlsx({ consent: false, declines: false, neutral: false })).toEqual({
      code: 400,
      body: { ok: false, status: CONSENT_STATUS.noStatusSelected },
    });
    app.botDown.value = true;
    expect(await xlsx({ consent: true })).toEqual({
      code: 409,
      body: { ok: false, status: CONSENT_STATUS.noAdminBot },
    });
    app.botDown.value = false;
    expect(app.botLines).toHaveLength(lines);
  });
});
