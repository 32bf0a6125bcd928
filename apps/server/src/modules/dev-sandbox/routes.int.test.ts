import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const OTHER = DEMO_BRANCHES.sendOut;
const CLIENT = '79005557171';

// The sandbox's other side holds live QR payloads and login codes: every call needs a session and
// a branch, and shows or changes only that branch's accounts and messages.
describe.each(DB_KINDS)('dev sandbox routes are a branch member’s, not public (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let stranger: string;
  let templatesAdmin: string;
  let qr: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    app.clock.set(new Date());
    owner = (await app.login(DEMO_USERS.owner, '10.41.0.1')).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.41.0.2')).token;
    templatesAdmin = (await app.login(DEMO_USERS.templatesAdmin, '10.41.0.3')).token;
    qr = (await call('POST', `/api/connection/wa/qr_code?acc_id=${MOSCOW}`)).body.qr as string;
    expect(qr).toMatch(/^SANDBOX-WHATSAPP:/);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: 'GET' | 'POST', url: string, body?: unknown, token: string | null = owner) {
    const res = await app.request({ method, url, body, token: token ?? undefined });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  it('answers 401 without a token and 400 without a branch', async () => {
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/api/dev/sandbox/state'],
      ['GET', '/api/dev/sandbox/messages'],
      ['POST', '/api/dev/sandbox/scan', { qr, phone: '79161234567' }],
      ['POST', '/api/dev/sandbox/pairing', { code: 'ABCDEFGH' }],
      ['POST', '/api/dev/sandbox/reply', { phone: CLIENT, text: 'hi' }],
      ['POST', '/api/dev/sandbox/network', { instance_id: `whatsapp-${MOSCOW}`, event: 'ban' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, `${path}?acc_id=${MOSCOW}`, body, null)).code, path).toBe(401);
      expect((await call(method, path, body)).code, path).toBe(400);
    }
    expect((await call('GET', `/api/dev/sandbox/state?acc_id=${OTHER}`)).body).toEqual({
      ok: false,
      status: 'Access denied',
    });
  });

  it('shows a branch only its own accounts, and the phone side only to the connection right', async () => {
    const own = (await call('GET', `/api/dev/sandbox/state?acc_id=${MOSCOW}`)).body.accounts as { qr: string }[];
    expect(own.map((a) => a.qr)).toContain(qr);
    const theirs = (await call('GET', `/api/dev/sandbox/state?acc_id=${OTHER}`, undefined, stranger)).body;
    expect(JSON.stringify(theirs)).not.toContain(qr);
    expect((await call('GET', `/api/dev/sandbox/state?acc_id=${MOSCOW}`, undefined, templatesAdmin)).body).toEqual({
      ok: false,
      status: 'Fail rights',
    });
  });

  it('lets no branch link, ban or reply through another branch’s account', async () => {
    const scanned = await call('POST', `/api/dev/sandbox/scan?acc_id=${OTHER}`, { qr, phone: '79161234567' }, stranger);
    expect(scanned.body).toEqual({ ok: true, result: 'unknown' });
    const banned = await call(
      'POST',
      `/api/dev/sandbox/network?acc_id=${OTHER}`,
      { instance_id: `whatsapp-${MOSCOW}`, event: 'ban' },
      stranger,
    );
    expect(banned.code).toBe(404);
    const state = (await call('GET', `/api/dev/sandbox/state?acc_id=${MOSCOW}`)).body.accounts as {
      instance_id: string;
      state: string;
    }[];
    expect(state.find((a) => a.instance_id === `whatsapp-${MOSCOW}`)?.state).toBe('qr');

    // The branch's own phone links it; its message reaches the client; only the branch sees it.
    expect((await call('POST', `/api/dev/sandbox/scan?acc_id=${MOSCOW}`, { qr, phone: '79161234567' })).body).toEqual({
      ok: true,
      result: 'linked',
    });
    await until(
      async () =>
        ((await call('GET', `/api/connection?acc_id=${MOSCOW}`)).body.wa as { status: string }).status ===
        'authenticated',
    );
    const sent = (await call('POST', `/api/send_test_message?acc_id=${MOSCOW}`, { phone: CLIENT, text: 'Тест' })).body;
    expect(await app.runtime.channels.dispatcher.dispatch(sent.outbox_id as number)).toBe('sent');
    const mine = (await call('GET', `/api/dev/sandbox/messages?acc_id=${MOSCOW}&phone=${CLIENT}`)).body;
    expect((mine.messages as { body: string }[]).map((m) => m.body)).toEqual(['Тест']);
    const seen = (await call('GET', `/api/dev/sandbox/messages?acc_id=${OTHER}`, undefined, stranger)).body;
    expect(seen).toEqual({ ok: true, messages: [] });
    const reply = { phone: CLIENT, text: 'чужой ответ' };
    expect((await call('POST', `/api/dev/sandbox/reply?acc_id=${OTHER}`, reply, stranger)).body).toEqual({
      ok: true,
      result: 'no_conversation',
    });
    // Any member of the branch plays its clients.
    const memberReply = { phone: CLIENT, text: 'Спасибо' };
    expect((await call('POST', `/api/dev/sandbox/reply?acc_id=${MOSCOW}`, memberReply, templatesAdmin)).body).toEqual({
      ok: true,
      result: 'sent',
    });
  });
});
