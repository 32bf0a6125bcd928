import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { FEEDBACK_TEXT_MAX } from '@salon/contract/support';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const SUPPORT_CHAT = '-100777';
// A 1×1 PNG: its bytes say image/png whatever the name claims.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface IntegratorRow {
  id: number;
  user_id: number | string;
  acc_id: number;
  payload: unknown;
  status: string;
  error: string | null;
  attempts: number;
  sent_at: Date | string | null;
}
interface FeedbackRow {
  id: number;
  user_id: number | string;
  acc_id: number | null;
  branch_name: string;
  text: string;
  topic: string | null;
  rate: number | null;
  file_name: string | null;
  file_type: string | null;
  file_path: string | null;
  file_size: number | null;
  status: string;
  error: string | null;
}

const VALID = {
  name: 'Анна',
  phone: '+7 (926) 111-00-05',
  integranor_name: 'Altegio',
  service: 'Онлайн-запись в WhatsApp',
  whatsapp_number: '79261110006',
};

async function sendForm(
  app: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  query = `acc_id=${moscow}`,
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file)
    body.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
  const encoded = new Response(body);
  return app.runtime.http!.inject({
    method: 'POST',
    url: `/api/send_feedback_to_asana?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const outbox = (app: TestApp) => {
  const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
  try {
    return readdirSync(dir).map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
  } catch {
    return [];
  }
};

describe.each(DB_KINDS)('integrators request and feedback (%s)', (kind) => {
  let app: TestApp;
  let closed: TestApp;
  let webhook: FakeProviderServer;
  let owner: string;
  let stranger: string;
  let closedOwner: string;
  let mode: 'up' | 'down' | 'redirect' = 'up';

  beforeAll(async () => {
    webhook = await startFakeProviderServer(() => {
      if (mode === 'down') return { status: 503, text: 'maintenance' };
      if (mode === 'redirect') return { status: 302, headers: { location: `${webhook.baseUrl}/elsewhere` }, text: '' };
      return { json: { accepted: true } };
    });
    // The fake webhook is on 127.0.0.1: only the self-hoster's switch lets it through.
    app = await startTestApp(kind, {
      INTEGRATOR_WEBHOOK_URL: `${webhook.baseUrl}/hook`,
      INTEGRATOR_WEBHOOK_ALLOW_PRIVATE: 'true',
      INTEGRATOR_WEBHOOK_TIMEOUT_MS: '2000',
      SUPPORT_CHAT_ID: SUPPORT_CHAT,
    });
    // The default guard, and no support chat.
    closed = await startTestApp(kind, { INTEGRATOR_WEBHOOK_URL: `${webhook.baseUrl}/hook` });
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.1')).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.71.0.2')).token;
    closedOwner = (await closed.login(DEMO_USERS.owner, '10.71.0.3')).token;
  });
  afterAll(async () => {
    await app?.close();
    await closed?.close();
    await webhook?.close();
  });

  const integrators = (body: unknown, token = owner, target = app, acc: number = moscow) =>
    target.request({ method: 'POST', url: `/api/integrators_request?acc_id=${acc}`, token, body });
  const requests = async (target = app) =>
    queryRows<IntegratorRow>(target.runtime.database.db, sql`select * from integrator_requests order by id`);
  const feedbackRows = async (target = app) =>
    queryRows<FeedbackRow>(target.runtime.database.db, sql`select * from feedback_messages order by id`);
  const hooks = () => webhook.requests.filter((r) => r.path === '/hook');

  describe('POST /api/integrators_request', () => {
    it('keeps the request, then posts the SPEC 3 fields to the webhook as JSON', async () => {
      mode = 'up';
      const res = await integrators({ ...VALID, branch_id: 501 });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ ok: true; id: number }>();
      const row = (await requests()).find((r) => r.id === id)!;
      const payload = {
        branch_id: 501,
        integranor_name: 'Altegio',
        name: 'Анна',
        phone: '79261110005',
        service: 'Онлайн-запись в WhatsApp',
        whatsapp_number: 79261110006,
      };
      expect(row).toMatchObject({ acc_id: moscow, status: 'sent', error: null, attempts: 1, payload });
      expect(Number(row.user_id)).toBe(DEMO_USERS.owner);
      expect(row.sent_at).not.toBeNull();
      expect(hooks().at(-1)!.json).toEqual(payload);
      expect(hooks().at(-1)!.headers['content-type']).toContain('application/json');
    });

    it('answers sent when the webhook is down or redirects, and keeps the request as failed', async () => {
      for (const [m, error] of [
        ['down', 'HTTP 503'],
        ['redirect', 'HTTP 302'],
      ] as const) {
        mode = m;
        const before = webhook.requests.length;
        const res = await integrators(VALID);
        expect(res.statusCode, res.body).toBe(200);
        const row = (await requests()).find((r) => r.id === res.json<{ id: number }>().id)!;
        expect(row).toMatchObject({ status: 'failed', error, sent_at: null });
        // The redirect is not followed.
        expect(webhook.requests.slice(before).map((r) => r.path)).toEqual(['/hook']);
      }
      mode = 'up';
    });

    it('refuses the loopback webhook by default: kept as failed, nothing posted, still sent', async () => {
      const before = webhook.requests.length;
      const res = await integrators(VALID, closedOwner, closed);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await requests(closed);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.error).toMatch(/^internal_address/);
      expect(webhook.requests.length).toBe(before);
    });

    it('answers the salon its own bad input with a code, in form order', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...VALID, name: '   ' }, 'name_required'],
        [{ ...VALID, phone: '12' }, 'phone_invalid'],
        [{ ...VALID, phone: 'тел. 89261110005' }, 'phone_invalid'],
        [{ ...VALID, integranor_name: '' }, 'integrator_required'],
        [{ ...VALID, service: undefined }, 'service_required'],
        [{ ...VALID, whatsapp_number: 'abc' }, 'whatsapp_invalid'],
        [{}, 'name_required'],
        [{ ...VALID, name: 'А'.repeat(101) }, 'name_required'],
      ];
      const before = (await requests()).length;
      for (const [body, status] of cases) {
        const res = await integrators(body);
        expect([res.statusCode, res.json<{ status: string }>().status], JSON.stringify(body)).toEqual([400, status]);
      }
      // NUL bytes and overlong fields stop at the door.
      expect((await integrators({ ...VALID, name: 'Ан\u0000на' })).statusCode).toBe(400);
      expect((await integrators({ ...VALID, service: 'x'.repeat(5000) })).statusCode).toBe(400);
      expect((await requests()).length).toBe(before);
    });

    it('needs a session and a branch of the caller', async () => {
      const anonymous = await app.request({
        method: 'POST',
        url: `/api/integrators_request?acc_id=${moscow}`,
        body: VALID,
      });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await integrators(VALID, stranger);
      expect([foreign.statusCode, foreign.json()]).toEqual([403, { ok: false, status: 'Access denied' }]);
      const noBranch = await app.request({
        method: 'POST',
        url: '/api/integrators_request',
        token: owner,
        body: VALID,
      });
      expect(noBranch.statusCode).toBe(400);
    });
  });

  describe('POST /api/send_feedback_to_asana', () => {
    it('keeps JSON feedback and forwards it to the support chat (the local admin-bot outbox)', async () => {
      const res = await app.request({
        method: 'POST',
        url: `/api/send_feedback_to_asana?acc_id=${moscow}`,
        token: owner,
        body: { text: '  Не понимаю, как включить шаблон  ', topic: 'not_clear', branch_name: 'Салон на Тверской' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ ok: true; id: number }>();
      const row = (await feedbackRows()).find((r) => r.id === id)!;
      expect(row).toMatchObject({
        acc_id: moscow,
        branch_name: 'Салон на Тверской',
        text: 'Не понимаю, как включить шаблон',
        topic: 'not_clear',
        rate: null,
        status: 'forwarded',
        file_name: null,
      });
      const alert = outbox(app).find((f) => f.name.includes(`${SUPPORT_CHAT}-`) && f.text.includes(`№${id}`));
      expect(alert?.text).toContain('Тема: Непонятно');
      expect(alert?.text).toContain('Не понимаю, как включить шаблон');
      expect(alert?.text).toContain(`acc_id ${moscow}`);
    });

    it('takes a rate and a file typed by its bytes, keeps the file and forwards it as a document', async () => {
      const res = await sendForm(
        app,
        owner,
        { text: 'Скриншот ошибки', rate: '2', branch_name: 'Москва' },
        { name: 'screen.png', bytes: PNG },
      );
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ id: number }>();
      const row = (await feedbackRows()).find((r) => r.id === id)!;
      expect(row).toMatchObject({
        rate: 2,
        file_name: 'screen.png',
        file_type: 'image/png',
        file_size: PNG.length,
        status: 'forwarded',
      });
      expect(readFileSync(row.file_path!)).toEqual(PNG);
      expect(row.file_path!.startsWith(path.join(app.runtime.config.dataDir, 'feedback'))).toBe(true);
      const doc = outbox(app).find((f) => f.name.endsWith(`${SUPPORT_CHAT}-screen.png.caption.txt`));
      expect(doc?.text).toBe(`Файл к обратной связи №${id}`);
    });

    it('fills the branch name from the branch when the form sends none', async () => {
      const res = await app.request({
        method: 'POST',
        url: `/api/send_feedback_to_asana?acc_id=${yekaterinburg}`,
        token: owner,
        body: { text: 'Всё хорошо', rate: 5 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = (await feedbackRows()).find((r) => r.id === res.json<{ id: number }>().id)!;
      expect(row.branch_name).not.toBe('');
      expect(row.acc_id).toBe(yekaterinburg);
    });

    it('refuses empty, overlong and unsafe text, a bad rate, a wrong file, and keeps nothing', async () => {
      const before = (await feedbackRows()).length;
      const post = (body: unknown) =>
        app.request({ method: 'POST', url: `/api/send_feedback_to_asana?acc_id=${moscow}`, token: owner, body });
      const statusOf = async (body: unknown) => {
        const res = await post(body);
        return [res.statusCode, res.json<{ status: string }>().status];
      };
      expect(await statusOf({ text: '   ' })).toEqual([400, 'text_required']);
      expect(await statusOf({})).toEqual([400, 'text_required']);
      expect(await statusOf({ text: 'x'.repeat(FEEDBACK_TEXT_MAX + 1) })).toEqual([400, 'text_too_long']);
      expect(await statusOf({ text: 'ok', rate: 7 })).toEqual([400, 'rate_invalid']);
      expect(await statusOf({ text: 'ok', rate: 'five' })).toEqual([400, 'rate_invalid']);
      expect((await post({ text: 'a\u0000b' })).statusCode).toBe(400);
      expect((await post({ text: 'x'.repeat(FEEDBACK_TEXT_MAX * 3) })).statusCode).toBe(400);
      expect((await sendForm(app, owner, { text: 'a\u0000b' })).statusCode).toBe(400);
      const fake = await sendForm(
        app,
        owner,
        { text: 'файл' },
        { name: 'photo.png', bytes: Buffer.from('MZ not an image') },
      );
      expect([fake.statusCode, fake.json<{ status: string }>().status]).toEqual([415, 'file_unsupported']);
      const exe = await sendForm(app, owner, { text: 'файл' }, { name: 'tool.exe', bytes: PNG });
      expect(exe.statusCode).toBe(415);
      const big = await sendForm(
        app,
        owner,
        { text: 'файл' },
        { name: 'big.pdf', bytes: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1) },
      );
      expect([big.statusCode, big.json<{ status: string }>().status]).toEqual([413, 'file_too_big']);
      expect((await feedbackRows()).length).toBe(before);
    });

    it('needs a session; a branch named must be the caller’s', async () => {
      const anonymous = await app.request({ method: 'POST', url: '/api/send_feedback_to_asana', body: { text: 'x' } });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await app.request({
        method: 'POST',
        url: `/api/send_feedback_to_asana?acc_id=${moscow}`,
        token: stranger,
        body: { text: 'x' },
      });
      expect(foreign.statusCode).toBe(403);
      const noBranch = await app.request({
        method: 'POST',
        url: '/api/send_feedback_to_asana',
        token: owner,
        body: { text: 'Без филиала', topic: 'no_result' },
      });
      expect(noBranch.statusCode, noBranch.body).toBe(200);
      const row = (await feedbackRows()).at(-1)!;
      expect(row).toMatchObject({ acc_id: null, branch_name: '', status: 'forwarded' });
    });

    it('keeps the feedback as failed, with the error, when the support chat cannot be reached', async () => {
      // The outbox folder replaced by a file: the admin bot cannot write the message.
      const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
      mkdirSync(dir, { recursive: true });
      renameSync(dir, `${dir}.away`);
      writeFileSync(dir, 'not a folder');
      try {
        const res = await app.request({
          method: 'POST',
          url: `/api/send_feedback_to_asana?acc_id=${moscow}`,
          token: owner,
          body: { text: 'Не дошло бы', rate: 1 },
        });
        expect(res.statusCode, res.body).toBe(200);
        const row = (await feedbackRows()).find((r) => r.id === res.json<{ id: number }>().id)!;
        expect(row).toMatchObject({ status: 'failed', text: 'Не дошло бы', rate: 1 });
        expect(row.error).toBeTruthy();
      } finally {
        rmSync(dir, { force: true });
        renameSync(`${dir}.away`, dir);
      }
    });

    it('without SUPPORT_CHAT_ID keeps the feedback as stored and copies it to the local outbox', async () => {
      const res = await closed.request({
        method: 'POST',
        url: `/api/send_feedback_to_asana?acc_id=${moscow}`,
        token: closedOwner,
        body: { text: 'Что-то не работает', topic: 'not_working' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await feedbackRows(closed);
      expect(row).toMatchObject({ status: 'stored', error: null });
      expect(outbox(closed).some((f) => f.text.includes(`№${row!.id}`) && f.text.includes('Что-то не работает'))).toBe(
        true,
      );
    });
  });
});
