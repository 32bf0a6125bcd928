import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionResponse } from '@salon/contract/connection';
import { DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

// The connection page's calls, the blacklist and chat history, against the sandbox network.
describe.each(DB_KINDS)('connection, blacklist and chat history API (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    app.clock.set(new Date());
    owner = (await app.login(DEMO_USERS.owner, '10.9.0.1')).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin, '10.9.0.2')).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, body, token });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const state = async (accId: number) =>
    (await call('GET', `/api/connection?acc_id=${accId}`)).body as unknown as ConnectionResponse;

  it('shows both messengers not connected, on the sandbox, to those with the channels right only', async () => {
    const s = await state(1001);
    expect(s).toMatchObject({ ok: true, sandbox: true, registry_consent: false });
    expect(s.wa.status).toBe('not_authenticated');
    expect(s.tg.status).toBe('not_authenticated');
    expect((await call('GET', '/api/connection?acc_id=1001', undefined, admin)).body).toEqual({
      ok: false,
      status: 'Fail rights',
    });
    expect((await call('GET', '/api/connection?acc_id=1004')).code).toBe(403);
  });

  it('connects WhatsApp by QR scanned on the sandbox phone', async () => {
    const qr = (await call('POST', '/api/connection/wa/qr_code?acc_id=1001')).body;
    expect(qr).toMatchObject({ ok: true, status: 'qr' });
    expect((await state(1001)).wa.status).toBe('got qr code');
    const scanned = await call('POST', '/api/dev/sandbox/scan?acc_id=1001', { qr: qr.qr, phone: '79161234567' });
    expect(scanned.body).toEqual({ ok: true, result: 'linked' });
    await until(async () => (await state(1001)).wa.status === 'authenticated');
    expect((await state(1001)).wa).toMatchObject({ phone: '79161234567', qr: null });
    const accounts = (await call('GET', '/api/accounts')).body as { accounts: { acc_id: number; status_wa: string }[] };
    expect(accounts.accounts.find((a) => a.acc_id === 1001)?.status_wa).toBe('authenticated');
  });

  it('gives one pairing code per phone within its life and refuses another phone too soon', async () => {
    const first = (await call('POST', '/api/connection/wa/auth_code?acc_id=1002', { phone: '79990001122' })).body;
    expect(first).toMatchObject({ status: 'code' });
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(
      (await call('POST', '/api/connection/wa/auth_code?acc_id=1002', { phone: '79990001122' })).body,
    ).toMatchObject({ code: first.code });
    expect(
      (await call('POST', '/api/connection/wa/auth_code?acc_id=1002', { phone: '79990003344' })).body,
    ).toMatchObject({ status: 'too_soon' });
    expect((await call('POST', '/api/connection/wa/auth_code?acc_id=1002', { phone: '12-34' })).code).toBe(400);
    expect((await call('POST', '/api/dev/sandbox/pairing?acc_id=1002', { code: first.code })).body).toEqual({
      ok: true,
      result: 'linked',
    });
    await until(async () => (await state(1002)).wa.status === 'authenticated');
  });

  it('connects Telegram with a code and the two-step password, with clear errors on the way', async () => {
    expect(
      (await call('POST', '/api/connection/tg/send_phone?acc_id=1001', { phone: '79161110002' })).body,
    ).toMatchObject({ status: 'code_sent' });
    const accounts = (await call('GET', '/api/dev/sandbox/state?acc_id=1001')).body.accounts as {
      instance_id: string;
      login_code: string;
    }[];
    const code = accounts.find((a) => a.instance_id === 'telegram-1001')!.login_code;
    const wrong = code === '00000' ? '11111' : '00000';
    expect((await call('POST', '/api/connection/tg/auth_code?acc_id=1001', { code: wrong })).body).toMatchObject({
      status: 'error',
      error: 'wrong_code',
    });
    expect((await call('POST', '/api/connection/tg/auth_code?acc_id=1001', { code })).body).toMatchObject({
      status: '2fa',
    });
    expect((await call('POST', '/api/connection/tg/auth_2fa?acc_id=1001', { password: 'guess' })).body).toMatchObject({
      status: '2fa_error',
    });
    expect((await call('POST', '/api/connection/tg/auth_2fa?acc_id=1001', { password: 'sandbox' })).body).toMatchObject(
      { status: 'auth_success' },
    );
    await until(async () => (await state(1001)).tg.status === 'authenticated');
  });

  it('sends a test message through the dispatcher and shows the reply in chat history', async () => {
    const sent = (
      await call('POST', '/api/send_test_message?acc_id=1001', { phone: '79005553535', text: 'Проверка связи' })
    ).body;
    expect(sent).toMatchObject({ ok: true });
    expect(await app.runtime.channels.dispatcher.dispatch(sent.outbox_id as number)).toBe('sent');
    const delivered = (await call('GET', '/api/dev/sandbox/messages?acc_id=1001&phone=79005553535')).body.messages as {
      body: string;
    }[];
    expect(delivered.map((m) => m.body)).toEqual(['Проверка связи']);
    expect(
      (
        await call('POST', '/api/dev/sandbox/reply?acc_id=1001', {
          phone: '79005553535',
          text: 'Получила!',
          name: 'Ирина',
        })
      ).body,
    ).toEqual({ ok: true, result: 'sent' });
    let history: { direction: string; body: string }[] = [];
    await until(async () => {
      history = (await call('GET', '/api/chat_history?acc_id=1001&phone=79005553535')).body.messages as typeof history;
      return history.length === 2;
    });
    expect(history.map((m) => [m.direction, m.body])).toEqual([
      ['bot', 'Проверка связи'],
      ['incoming', 'Получила!'],
    ]);
    expect((await call('GET', '/api/chat_history?acc_id=1001&phone=7900555****')).body.messages).toHaveLength(2);
    expect((await call('GET', '/api/chat_history?acc_id=1001&phone=79001112233')).body).toEqual({
      ok: true,
      messages: [],
      status: 'messages not found',
    });
    expect((await call('GET', '/api/chat_history?acc_id=1001&phone=7900')).code).toBe(400);
    // Another branch does not see this conversation.
    expect((await call('GET', '/api/chat_history?acc_id=1002&phone=79005553535')).body.messages).toEqual([]);
  });

  it('keeps a blacklist the dispatcher obeys', async () => {
    expect(
      (await call('POST', '/api/blacklist?acc_id=1001', { action: 'add', phone: '79005551111' })).body,
    ).toMatchObject({ status: 'number added', data: ['79005551111'] });
    expect(
      (await call('POST', '/api/blacklist?acc_id=1001', { action: 'add', phone: '79005551111' })).body,
    ).toMatchObject({ status: 'number already added' });
    expect((await call('POST', '/api/blacklist?acc_id=1001', { action: 'add', phone: 'abc' })).code).toBe(400);
    expect((await call('GET', '/api/blacklist?acc_id=1001')).body).toEqual({
      ok: true,
      data: ['79005551111'],
      count: 1,
    });
    expect((await call('GET', '/api/blacklist?acc_id=1002')).body).toEqual({ ok: true, data: [], count: 0 });
    const sent = (await call('POST', '/api/send_test_message?acc_id=1001', { phone: '79005551111', text: 'x' })).body;
    expect(await app.runtime.channels.dispatcher.dispatch(sent.outbox_id as number)).toBe('blocked');
    expect(
      (await call('POST', '/api/blacklist?acc_id=1001', { action: 'delete', phone: '79005551111' })).body,
    ).toMatchObject({ status: 'number deleted', data: [] });
    expect(
      (await call('POST', '/api/blacklist?acc_id=1001', { action: 'delete', phone: '79005551111' })).body,
    ).toMatchObject({ status: 'number not found' });
  });

  it('shows the mailing pages the same blacklist at /sendout_blacklist', async () => {
    expect(
      (await call('POST', '/api/mailing/sendout_blacklist?acc_id=1001', { action: 'add', phone: '79005552222' })).body,
    ).toMatchObject({ status: 'number added', data: ['79005552222'] });
    expect((await call('GET', '/api/blacklist?acc_id=1001')).body).toEqual({
      ok: true,
      data: ['79005552222'],
      count: 1,
    });
    expect((await call('GET', '/api/mailing/sendout_blacklist?acc_id=1002')).body).toEqual({
      ok: true,
      data: [],
      count: 0,
    });
    expect(
      (await call('POST', '/api/mailing/sendout_blacklist?acc_id=1001', { action: 'delete', phone: '79005552222' }))
        .body,
    ).toMatchObject({ status: 'number deleted', data: [] });
  });

  it('cleans the queue, drops an instance as not paid and brings it back on restart', async () => {
    await call('POST', '/api/send_test_message?acc_id=1002', { phone: '79005553535', text: 'в очереди' });
    expect((await call('POST', '/api/connect_action?acc_id=1002', { action: 'clean_queue' })).body).toMatchObject({
      status: 'cleaned',
      cleaned: 1,
    });
    expect(
      (await call('POST', '/api/connect_action?acc_id=1002', { action: 'drop_instance', channel: 'WA' })).body,
    ).toMatchObject({ status: 'dropped' });
    expect((await state(1002)).wa.status).toBe('no_pay');
    expect((await call('POST', '/api/connection/wa/qr_code?acc_id=1002')).body).toMatchObject({
      status: 'error',
      error: 'not_paid',
    });
    expect((await call('POST', '/api/restart_channel?acc_id=1002', { channel: 'WA' })).body).toMatchObject({
      status: 'rebooted',
    });
    await until(async () => (await state(1002)).wa.status === 'not_authenticated');
  });

  it('records the mass-messaging registry consent once', async () => {
    expect((await call('POST', '/api/connection/registry_consent?acc_id=1003', { accepted: true })).body).toEqual({
      ok: true,
    });
    expect((await state(1003)).registry_consent).toBe(true);
  });
});
