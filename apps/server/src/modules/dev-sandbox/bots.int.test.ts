import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { botDeepLink } from '@salon/contract/bot-links';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { outbox } from '../../channels/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const OTHER = DEMO_BRANCHES.sendOut;
const CLIENT = '79005558181';
const STRANGER = '79005558282';
const TOKEN = 'sandbox_max_token_0123456789abcdef';

// The whole opt-in on the sandbox MAX bot, through the dev routes a phone uses: the bot is
// connected with its token, a client opens the invite link, the core asks for the phone, the
// client shares it, and the cascade then reaches the client on MAX.
describe.each(DB_KINDS)('sandbox bots: opt-in and sending (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let stranger: string;
  let username: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    app.clock.set(new Date());
    owner = (await app.login(DEMO_USERS.owner, '10.42.0.1')).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.42.0.2')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: 'GET' | 'POST', url: string, body?: unknown, token = owner, accId: number = MOSCOW) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await app.request({ method, url: `${url}${sep}acc_id=${accId}`, body, token });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  }
  const maxState = async () => (await call('GET', '/api/connection')).body.max as Record<string, unknown>;
  const messagesOf = async (phone: string) =>
    (await call('GET', `/api/dev/sandbox/messages?phone=${phone}`)).body.messages as SandboxMessageWire[];
  async function testMessage(phone: string, text: string) {
    const sent = (await call('POST', '/api/send_test_message', { phone, text, channel: 'MAX' })).body;
    const id = sent.outbox_id as number;
    const outcome = await app.runtime.channels.dispatcher.dispatch(id);
    const [row] = await app.runtime.database.db.select().from(outbox).where(eq(outbox.id, id));
    return { outcome, ...row! };
  }

  it('refuses a token the provider would not accept', async () => {
    for (const token of ['not-a-max-token', 'this_token_is_invalid_0123456789']) {
      expect((await call('POST', '/api/connection/max/token', { token })).body).toEqual({
        ok: true,
        status: 'error',
        error: 'invalid_token',
        bot_username: null,
      });
    }
    expect((await maxState()).status).toBe('not_authenticated');
  });

  it('connects the bot with its token, under a username the token decides', async () => {
    const connected = (await call('POST', '/api/connection/max/token', { token: TOKEN })).body;
    expect(connected).toMatchObject({ ok: true, status: 'auth_success', error: null });
    username = connected.bot_username as string;
    expect(username).toMatch(/^salon_[0-9a-f]{6}_bot$/);
    expect(await maxState()).toMatchObject({
      status: 'authenticated',
      phone: username,
      bot_link: `https://max.ru/${username}`,
      linked_clients: 0,
    });
  });

  it('links a client who opens the invite link and shares the phone, then reaches them on MAX', async () => {
    const link = botDeepLink('max', username, 'invite42');
    // A phone cannot share its contact with a bot it never started.
    const early = await call('POST', '/api/dev/sandbox/bot/share_contact', { phone: CLIENT, kind: 'max' });
    expect(early.body).toEqual({ ok: true, result: 'not_started' });
    // Another branch's phone does not find this branch's bot.
    const foreign = await call('POST', '/api/dev/sandbox/bot/start', { phone: CLIENT, link }, stranger, OTHER);
    expect(foreign.body).toEqual({ ok: true, result: 'unknown_bot' });

    const started = await call('POST', '/api/dev/sandbox/bot/start', { phone: CLIENT, link, name: 'Анна' });
    expect(started.body).toEqual({ ok: true, result: 'started' });
    await until(async () => (await messagesOf(CLIENT)).some((m) => m.direction === 'to_client' && m.ask_contact));
    const asked = (await messagesOf(CLIENT)).find((m) => m.ask_contact)!;
    expect(asked).toMatchObject({ kind: 'max', status: 'delivered' });

    const shared = await call('POST', '/api/dev/sandbox/bot/share_contact', { phone: CLIENT, kind: 'max' });
    expect(shared.body).toEqual({ ok: true, result: 'shared' });
    await until(async () => (await maxState()).linked_clients === 1);

    const row = await testMessage(CLIENT, 'Тест MAX');
    expect(row).toMatchObject({ outcome: 'sent', channelKind: 'max' });
    const got = (await messagesOf(CLIENT)).find((m) => m.body === 'Тест MAX');
    expect(got).toMatchObject({ kind: 'max', direction: 'to_client', ask_contact: false });
    // Bots have no delivery receipts: the message counts as delivered once sent.
    await until(async () => {
      const [stored] = await app.runtime.database.db.select().from(outbox).where(eq(outbox.id, row.id));
      return stored?.status === 'delivered' && stored.deliveredAt !== null;
    });
  });

  it('fails a message to a phone that never started the bot', async () => {
    expect(await testMessage(STRANGER, 'Никто не подписан')).toMatchObject({
      status: 'failed',
      statusReason: 'not_reachable',
    });
    expect(await messagesOf(STRANGER)).toEqual([]);
  });

  it('stops reaching a client who stopped the bot', async () => {
    expect((await call('POST', '/api/dev/sandbox/bot/stop', { phone: CLIENT, kind: 'max' })).body).toEqual({
      ok: true,
      result: 'stopped',
    });
    await until(async () => (await maxState()).linked_clients === 0);
    // The network itself refuses the bot's message, as the API answers 403 to a blocked bot.
    const sandbox = app.runtime.channels.sandbox;
    expect(await sandbox.send(`max-${MOSCOW}`, 'max', 'after-stop', CLIENT, 'x', null)).toBe('not_on_channel');
  });

  it('refuses a malformed link or bot kind with 400', async () => {
    const bad = [
      ['/api/dev/sandbox/bot/start', { phone: CLIENT, link: 'https://example.com/salon_bot?start=x' }],
      ['/api/dev/sandbox/bot/start', { phone: '12', link: botDeepLink('max', 'salon_bot') }],
      ['/api/dev/sandbox/bot/share_contact', { phone: CLIENT, kind: 'whatsapp' }],
      ['/api/dev/sandbox/bot/stop', { phone: CLIENT }],
    ] as const;
    for (const [path, body] of bad) expect((await call('POST', path, body)).code, path).toBe(400);
    const unknown = await call('POST', '/api/dev/sandbox/bot/start', {
      phone: CLIENT,
      link: botDeepLink('tg_bot', 'nobody_here_bot'),
    });
    expect(unknown.body).toEqual({ ok: true, result: 'unknown_bot' });
  });
});
