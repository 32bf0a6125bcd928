import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { listRoutes, type ListedRoute } from '../../test-support/route-list.js';

type Route = ListedRoute;

// Calls that take nothing to malform beyond acc_id and end the session or drop the branch's
// channel, after which every further call waits for a worker (see the rights matrix): acc_id's own
// malformed values are sent to every other route.
const SKIPPED = new Set([
  'POST /api/logout',
  'POST /api/connection/tg/drop_instance',
  'POST /api/connection/tg/drop_channel',
]);

// Field names the contracts use, so generated bodies and queries hit real fields, not only unknown
// ones that a schema strips; the names a route requires are added from its own 400 answer.
const FIELDS = [
  'acc_id',
  'id',
  'template_id',
  'templ_id',
  'sendout_id',
  'segment_id',
  'file_id',
  'outbox_id',
  'instance_id',
  'phone',
  'phones',
  'text',
  'name',
  'title',
  'code',
  'password',
  'qr',
  'channel',
  'event',
  'status',
  'type',
  'from',
  'to',
  'date',
  'date_from',
  'date_to',
  'date_start',
  'date_end',
  'sort',
  'sort_desc',
  'send_tg',
  'step_number',
  'switch',
  'day',
  'month',
  'year',
  'start',
  'time_start',
  'search',
  'limit',
  'offset',
  'page',
  'per_page',
  'page_size',
  'count',
  'advance_ms',
  'between_time',
  'sendout_batch_len',
  'rights',
  'tg_id',
  'user_id',
  'lang',
  'data',
  'content',
  'settings',
  'category',
  'acc_ids',
  'client_id',
  'staff_id',
  'service_ids',
  'attendance',
  'birthday',
  'email',
  'comment',
  'consent',
  'operation',
  'refresh_token',
  'token',
];

// The values that used to reach the database or the date code and answer 500.
const nasty = fc.constantFrom('a\u0000b', '\u0000', '\uD800', 'x\uDC00y', '\uDFFF\uD800', 'ok\uD83D');
const badDate = fc.constantFrom(
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01',
  '10000-01-01',
  '+275760-09-13T00:00:00Z',
  '2026-01-01T24:61',
  '2026-03-10T10:00',
  'Invalid Date',
  '1900-01-01',
);
const hugeNumber = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 63,
  2 ** 31,
  -(2 ** 31) - 1,
  0.5,
  -1,
  '99999999999999999999999',
  '9223372036854775808',
  '2147483648',
  '1e309',
  'NaN',
  'Infinity',
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  badDate,
  hugeNumber,
  wrongType,
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const queryText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
// A lone surrogate has no UTF-8 form: in a path it goes as the bytes a CESU-8 client would send.
function pathText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

// A broken form for the upload routes (and every other body route): no boundary, a body cut short,
// a header with no end, NUL in a field or a file name.
const brokenMultipart = fc.constantFrom(
  { type: 'multipart/form-data', body: 'garbage' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n' },
  { type: 'multipart/form-data; boundary=b', body: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":' },
  {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { type: 'multipart/form-data; boundary=b', body: '--b\r\nContent-Disposition: form-data; name="data"' },
  {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\nx\u0000y\r\n--b--\r\n',
  },
  {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"title":"\\u0000"}\r\n--b--\r\n',
  },
  {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="media"; filename="a\u0000.png"\r\n\r\nxx\r\n--b--\r\n',
  },
);

interface Case {
  accId: string;
  query: Record<string, unknown>;
  param: unknown;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; body: string } | { kind: 'none' };
}

// The route's own fields (from its 400 answer to an empty call) come in most cases, each with a
// malformed value or left out; a few names from the pool are added beside them.
function fieldsOf(own: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const pool = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 3 });
  if (own.length === 0) return pool;
  const mine = fc.record(Object.fromEntries(own.map((k) => [k, value])), { requiredKeys: [] });
  return fc.tuple(mine, pool).map(([m, p]) => ({ ...p, ...m }));
}

function caseOf(queryFields: readonly string[], bodyFields: readonly string[]): fc.Arbitrary<Case> {
  const record = fieldsOf(bodyFields);
  return fc.record({
    accId: fc.oneof(
      { weight: 4, arbitrary: fc.constant(String(DEMO_BRANCHES.moscow)) },
      { weight: 1, arbitrary: value.map(queryText) },
    ),
    query: fieldsOf(queryFields),
    param: value,
    body: fc.oneof(
      { weight: 3, arbitrary: record.map((v) => ({ kind: 'json' as const, value: v })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ kind: 'json' as const, value: v })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'raw' as const, type: 'application/json', body: '{"a":' }) },
      { weight: 2, arbitrary: brokenMultipart.map((m) => ({ kind: 'raw' as const, ...m })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    ),
  });
}

// Every route of the server, as an authorised owner of the branch, with malformed input: NUL and
// lone surrogates, wrong types, huge numbers, impossible dates, random JSON, broken multipart. Any of
// it is the client's mistake: the answer is a 4xx, never a 5xx.
describe('malformed input on every route', () => {
  let app: TestApp;
  let owner: string;
  let ip = 0;

  beforeAll(async () => {
    // 'all': calls that reach a channel session run on the sandbox at once instead of waiting.
    app = await startTestApp('pglite', { SANDBOX_DELIVERY_MS: '0', DEV_CLOCK: 'adjustable' }, 'all');
    owner = (await app.login(DEMO_USERS.owner, '10.50.0.1')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function send(route: Route, c: Case) {
    const path = route.path.replace(/:[a-z_]+/g, () => pathText(queryText(c.param)));
    const search = new URLSearchParams({ acc_id: c.accId });
    for (const [key, v] of Object.entries(c.query)) {
      for (const item of Array.isArray(v) ? v : [v]) search.append(key, queryText(item));
    }
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    const payload =
      !withBody || c.body.kind === 'none'
        ? {}
        : c.body.kind === 'json'
          ? { payload: JSON.stringify(c.body.value), headers: { 'content-type': 'application/json' } }
          : { payload: c.body.body, headers: { 'content-type': c.body.type } };
    const res = await app.runtime.http!.inject({
      method: route.method,
      url: `${path}?${search.toString()}`,
      // Rate limits count per address: a new one now and then keeps the routes answering.
      remoteAddress: `10.51.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...payload,
      headers: { ...('headers' in payload ? payload.headers : {}), authorization: `Bearer ${owner}` },
    });
    return res;
  }

  // The findings of issue 12 (each answered 500 before), one example each.
  const TRUNCATED = '--b\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\n\x89PNG';
  it.each([
    ['NUL in a JSON body', 'POST', '/api/crm/local/clients', { name: 'Анна\u0000', phone: '79001112233' }],
    [
      'a lone surrogate in a JSON body',
      'POST',
      '/api/crm/local/clients',
      { name: 'Анна \uD83D', phone: '79001112233' },
    ],
    ['NUL in a query', 'GET', '/api/crm/local/clients?search=a%00b', undefined],
    ['an impossible date', 'GET', '/api/crm/local/records?from=2026-02-30&to=2026-03-01', undefined],
    ['a malformed date', 'GET', '/api/crm/local/records?from=x&to=2026-03-01', undefined],
    ['a branch id past integer', 'GET', '/api/blacklist?acc_id=2147483648', undefined],
    ['a template id past integer', 'GET', '/api/template?template_id=2147483648', undefined],
    ['a form without a boundary', 'POST', '/api/template', { type: 'multipart/form-data', body: 'data' }],
    [
      'a truncated form',
      'POST',
      '/api/mailing/test_sendout',
      { type: 'multipart/form-data; boundary=b', body: TRUNCATED },
    ],
    [
      'NUL in a form field',
      'POST',
      '/api/mailing/test_sendout',
      {
        type: 'multipart/form-data; boundary=b',
        body: '--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nx\u0000\r\n--b--\r\n',
      },
    ],
  ] as const)('refuses %s with 400 Bad request', async (_name, method, url, body) => {
    const form = body && 'type' in body ? body : undefined;
    const res = await app.runtime.http!.inject({
      method,
      url: url.includes('acc_id=') ? url : `${url}${url.includes('?') ? '&' : '?'}acc_id=${DEMO_BRANCHES.moscow}`,
      headers: {
        authorization: `Bearer ${owner}`,
        ...(form ? { 'content-type': form.type } : body ? { 'content-type': 'application/json' } : {}),
      },
      ...(form ? { payload: form.body } : body ? { payload: JSON.stringify(body) } : {}),
    });
    expect([res.statusCode, res.json<{ status: string }>().status], res.body).toEqual([400, 'Bad request']);
  });

  it('answers no 5xx to generated malformed input, 20 cases per route', { timeout: 240_000 }, async () => {
    const routes = listRoutes(app.runtime.http!).filter(
      (r) => r.path.startsWith('/api/') && !SKIPPED.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of routes) {
      // The fields this route requires, from its own answer to an empty call.
      const probe = await send(route, {
        accId: String(DEMO_BRANCHES.moscow),
        query: {},
        param: '1',
        body: { kind: 'json', value: {} },
      });
      const answer = /json/.test(String(probe.headers['content-type']))
        ? probe.json<{ issues?: { path: string }[] }>()
        : {};
      const own = (part: string) => [
        ...new Set(
          (answer.issues ?? []).map((i) => i.path.split('.')).flatMap(([p, key]) => (p === part && key ? [key] : [])),
        ),
      ];
      const run = await fc.check(
        fc.asyncProperty(caseOf(own('querystring'), own('body')), async (c) => {
          const res = await send(route, c);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
        }),
        { numRuns: 20, endOnFailure: true },
      );
      if (run.failed) {
        failures.push(
          `${route.method} ${route.path}: ${JSON.stringify(run.counterexample)} → ${String(run.errorInstance)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
