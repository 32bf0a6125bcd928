import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_STATUS,
  DEFAULT_NIGHT_MESSAGE,
  DEFAULT_SWITCH_TO_HUMAN_MESSAGE,
  TONES,
  type AgentOptionsResponse,
  type AgentWire,
} from '@salon/contract/ai-agents';
import { STATUS } from '@salon/contract/status';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const { moscow, yekaterinburg, vladivostok, sendOut } = DEMO_BRANCHES;
const AGENTS = '/api/ai/api/v1/agents/';

describe.each(DB_KINDS)('AI agent settings API (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let editor: string;
  let consultant: string;
  let sendOutOwner: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner)).token;
    editor = (await app.login(DEMO_USERS.templatesAdmin)).token;
    consultant = (await app.login(DEMO_USERS.salonConsultant)).token;
    sendOutOwner = (await app.login(DEMO_USERS.sendOutOwner)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.database.db;
  const rows = async () =>
    queryRows<{ acc_id: number; settings: Record<string, unknown> }>(
      db(),
      sql`select acc_id, settings from ai_agents order by acc_id`,
    );
  const setPaid = (accId: number, paid: boolean) =>
    db().execute(sql`update branches set show_neiro_interface = ${paid} where acc_id = ${accId}`);
  const call = async (method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, token, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const get = async (accId: number = moscow, token = owner) => {
    const res = await call('GET', `${AGENTS}?acc_id=${accId}&origin=lk&backend=main`, undefined, token);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AgentWire;
  };
  const patch = (body: unknown, accId: number = moscow, token = owner) =>
    call('PATCH', `${AGENTS}?acc_id=${accId}`, body, token);
  const options = async (accId: number = moscow) => {
    const res = await call('GET', `/api/ai/api/v1/agents/options?acc_id=${accId}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as AgentOptionsResponse;
  };

  it('answers the defaults for a branch that never saved, with paid from showNeiroInterface', async () => {
    expect(await get()).toEqual({
      id: moscow,
      account_id: moscow,
      paid: true,
      is_active: false,
      recommendation_mode: 'manual',
      aggregation_time: 5,
      night_mode_schedule: { active: false, start: '21:00', end: '09:00', message_text: DEFAULT_NIGHT_MESSAGE },
      schedule_lookup_interval: 1,
      mark_read: false,
      work_with_record: false,
      tone_of_voice: 'neutral',
      emoji_list: [],
      phones: [],
      masters_exceptions: [],
      services_exceptions: [],
      categories_exceptions: [],
      switch_to_human: true,
      switch_to_human_message: DEFAULT_SWITCH_TO_HUMAN_MESSAGE,
    });
    // A member without owner rights reads too; the unpaid branch reads with paid false.
    expect((await get(moscow, consultant)).paid).toBe(true);
    expect((await get(yekaterinburg)).paid).toBe(false);
    expect(await rows()).toEqual([]);
  });

  it('lists the tones and the CRM masters, services and categories with their counts', async () => {
    const o = await options();
    expect(o.tones).toEqual([...TONES]);
    for (const list of [o.masters, o.services, o.categories]) {
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.count).toBe(list.data.length);
    }
  });

  it('merges a partial PATCH over the stored settings and keeps what it did not name', async () => {
    const o = await options();
    const master = o.masters.data[0]!.id;
    const first = await patch({
      settings: {
        is_active: true,
        aggregation_time: 30,
        tone_of_voice: 'luxury',
        phones: ['79991234567'],
        masters_exceptions: [master],
        emoji_list: ['👍🏽', '👨‍👩‍👧'],
      },
    });
    expect(first.code, JSON.stringify(first.body)).toBe(200);
    const second = await patch({
      settings: { night_mode_schedule: { active: true, start: '22:30', end: '08:00', message_text: '' } },
    });
    expect(second.code, JSON.stringify(second.body)).toBe(200);
    const read = await get();
    expect(read).toMatchObject({
      is_active: true,
      aggregation_time: 30,
      tone_of_voice: 'luxury',
      phones: ['79991234567'],
      masters_exceptions: [master],
      emoji_list: ['👍🏽', '👨‍👩‍👧'],
      schedule_lookup_interval: 1,
      // SPEC 5: the empty night message is stored as the default text.
      night_mode_schedule: { active: true, start: '22:30', end: '08:00', message_text: DEFAULT_NIGHT_MESSAGE },
    });
    expect(second.body.data).toEqual(read);
    expect((await rows()).map((r) => r.acc_id)).toEqual([moscow]);
  });

  it.each([
    ['aggregation below 5', { aggregation_time: 4 }, 'aggregation_range'],
    ['aggregation above 60', { aggregation_time: 61 }, 'aggregation_range'],
    ['lookup below 1', { schedule_lookup_interval: 0 }, 'lookup_range'],
    ['lookup above 30', { schedule_lookup_interval: 31 }, 'lookup_range'],
    [
      'a bad time',
      { night_mode_schedule: { active: true, start: '24:00', end: '08:00', message_text: 'x' } },
      'invalid_time',
    ],
    ['a bad phone', { phones: ['12ab'] }, 'invalid_phone'],
    ['an unknown tone', { tone_of_voice: 'sarcastic' }, 'tone_of_voice'],
    ['a NUL byte in a message', { switch_to_human_message: 'wait\u0000' }, 'unsafe_text'],
  ])('refuses %s with 400 and saves nothing', async (_name, settings, code) => {
    const before = await rows();
    const res = await patch({ settings });
    expect(res.code, JSON.stringify(res.body)).toBe(400);
    if (code) {
      // Refused by the body's schema before the service runs.
      expect(res.body.status).toBe(STATUS.badRequest);
      expect(JSON.stringify(res.body)).toContain(code);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses ids the CRM does not list, naming the list, and saves nothing', async () => {
    const before = await rows();
    for (const field of ['masters_exceptions', 'services_exceptions', 'categories_exceptions']) {
      const res = await patch({ settings: { [field]: ['987654321'], is_active: false } });
      expect(res.code, JSON.stringify(res.body)).toBe(400);
      expect(res.body.status).toBe(AI_STATUS.unknownCrmIds);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses writes by a member without owner/support, and calls on another network', async () => {
    const before = await rows();
    expect((await patch({ settings: { is_active: false } }, moscow, editor)).body.status).toBe(STATUS.failRights);
    expect((await patch({ settings: { is_active: false } }, moscow, consultant)).code).toBe(403);
    // The send-out owner is no member of the salon's branches; the salon owner none of the send-out's.
    expect((await patch({ settings: { is_active: false } }, moscow, sendOutOwner)).code).toBe(403);
    expect((await call('GET', `${AGENTS}?acc_id=${moscow}`, undefined, sendOutOwner)).code).toBe(403);
    expect((await call('GET', `${AGENTS}?acc_id=${sendOut}`)).code).toBe(403);
    // Send-out-only branches have no AI pages, even for their owner.
    const own = await call('GET', `${AGENTS}?acc_id=${sendOut}`, undefined, sendOutOwner);
    expect(own).toMatchObject({ code: 403, body: { status: STATUS.failRights } });
    expect(await rows()).toEqual(before);
  });

  it('refuses PATCH on a branch without the paid AI module (SPEC 6), reads still work', async () => {
    const before = await rows();
    const res = await patch({ settings: { is_active: true } }, yekaterinburg);
    expect(res).toMatchObject({ code: 403, body: { status: AI_STATUS.notPaid } });
    expect((await get(yekaterinburg)).is_active).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('copies to other branches all or nothing', async () => {
    const before = await rows();
    // yekaterinburg is not paid: the whole PATCH is refused, moscow included.
    const refused = await patch({ settings: { tone_of_voice: 'brutal' }, copy_to: [vladivostok, yekaterinburg] });
    expect(refused).toMatchObject({ code: 403, body: { status: STATUS.failRights } });
    // A branch the caller is no member of.
    const foreign = await patch({ settings: { tone_of_voice: 'brutal' }, copy_to: [sendOut] });
    expect(foreign.code).toBe(403);
    expect(await rows()).toEqual(before);

    await setPaid(yekaterinburg, true);
    await setPaid(vladivostok, true);
    try {
      const ok = await patch({ settings: { tone_of_voice: 'trend' }, copy_to: [yekaterinburg, vladivostok, moscow] });
      expect(ok.code, JSON.stringify(ok.body)).toBe(200);
      const source = await get(moscow);
      for (const accId of [yekaterinburg, vladivostok]) {
        const copy = await get(accId);
        expect(copy).toEqual({ ...source, id: accId, account_id: accId });
      }
    } finally {
      await setPaid(yekaterinburg, false);
      await setPaid(vladivostok, false);
    }
  });

  it('refuses unknown body keys and a non-numeric acc_id', async () => {
    expect((await patch({ settings: {}, extra: 1 })).code).toBe(400);
    expect((await call('GET', `${AGENTS}?acc_id=abc`)).code).toBe(400);
    expect((await call('GET', AGENTS)).code).toBe(400);
  });

  it('exchanges the bearer token for a fresh access token of the same user', async () => {
    const res = await call('POST', '/api/ai/api/v1/auth/token?acc_id=' + moscow, { origin: 'lk' });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token_type).toBe('bearer');
    const fresh = res.body.access_token as string;
    expect(typeof fresh).toBe('string');
    expect((await call('GET', `${AGENTS}?acc_id=${moscow}`, undefined, fresh)).code).toBe(200);
    expect((await call('POST', '/api/ai/api/v1/auth/token', {}, 'nonsense')).code).toBe(401);
  });
});
