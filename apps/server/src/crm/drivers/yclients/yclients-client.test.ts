import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { VirtualTimer } from '../../../test-support/virtual-timer.js';
import { TokenBucket } from './token-bucket.js';
import { YclientsAuthError, YclientsClient, YclientsError, type YclientsClientOptions } from './yclients-client.js';

const COMPANY = 4564;
const USER = 'user-token-4564';

describe('YCLIENTS client', () => {
  let fake: FakeYclients;
  let timer: VirtualTimer;
  // Virtual time at which each request left, seen through the fetch the client is given.
  let sentAt: number[];

  const client = (options: Partial<YclientsClientOptions> = {}) =>
    new YclientsClient({
      partnerToken: fake.partnerToken,
      baseUrl: fake.baseUrl,
      timer,
      random: () => 0.5,
      fetch: (input, init) => {
        sentAt.push(timer.now());
        return fetch(input, init);
      },
      ...options,
    });
  const getCompany = (c: YclientsClient) => c.request({ method: 'GET', path: `/company/${COMPANY}`, userToken: USER });

  beforeAll(async () => {
    fake = await startFakeYclients();
    fake.addCompany({ id: COMPANY, userToken: USER, timezone: 'Europe/Moscow', offset: '+03:00' });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    timer = new VirtualTimer(1_000_000);
    sentAt = [];
  });

  it('sends the documented Accept and Authorization headers and unwraps {success, data, meta}', async () => {
    const reply = await getCompany(client());
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ id: COMPANY, timezone: 'Europe/Moscow' });
    const [request] = fake.requests;
    expect(request?.headers.accept).toBe('application/vnd.yclients.v2+json');
    expect(request?.headers.authorization).toBe(`Bearer ${fake.partnerToken}, User ${USER}`);

    await client().request({ method: 'GET', path: `/company/${COMPANY}` });
    expect(fake.requests[1]?.headers.authorization).toBe(`Bearer ${fake.partnerToken}`);
  });

  it('sends a JSON body with its content type', async () => {
    await client()
      .request({ method: 'PUT', path: `/record/${COMPANY}/1`, userToken: USER, body: { attendance: 2 } })
      .catch(() => undefined);
    expect(fake.requests[0]?.headers['content-type']).toBe('application/json');
    expect(fake.requests[0]?.json).toEqual({ attendance: 2 });
  });

  it('waits out 429 answers as Retry-After says, then succeeds', async () => {
    fake.failNext(2, { status: 429, headers: { 'retry-after': '2' } });
    const reply = await getCompany(client());
    expect(reply.status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    expect(timer.sleeps).toEqual([2000, 2000]);
    expect(sentAt.map((t) => t - sentAt[0]!)).toEqual([0, 2000, 4000]);
  });

  it('backs off exponentially with jitter on 5xx when there is no Retry-After', async () => {
    fake.failNext(3, { status: 503 });
    await getCompany(client({ backoffBaseMs: 400, random: () => 1 }));
    // base * 2^(n-1), between half and all of it: random 1 takes all.
    expect(timer.sleeps).toEqual([400, 800, 1600]);
    timer.sleeps.length = 0;
    fake.failNext(2, { status: 502 });
    await getCompany(client({ backoffBaseMs: 400, random: () => 0 }));
    expect(timer.sleeps).toEqual([200, 400]);
  });

  it('gives up after maxAttempts with a retryable error', async () => {
    fake.failNext(3, { status: 500 });
    const error = await getCompany(client({ maxAttempts: 3 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YclientsError);
    expect(error).toMatchObject({ code: 'server_error', httpStatus: 500, retryable: true });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not sleep through a Retry-After longer than allowed', async () => {
    fake.failNext(1, { status: 429, headers: { 'retry-after': '3600' } });
    const error = await getCompany(client()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(fake.requests).toHaveLength(1);
    expect(timer.sleeps).toEqual([]);
  });

  it('never retries 401: a typed, non-retryable auth error with YCLIENTS’ reason', async () => {
    const error = await client({ partnerToken: 'wrong' })
      .request({ method: 'GET', path: `/records/${COMPANY}`, userToken: USER })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YclientsAuthError);
    expect(error).toMatchObject({ code: 'unauthorized', httpStatus: 401, retryable: false });
    expect((error as Error).message).toContain('Partner authentication error');
    expect(fake.requests).toHaveLength(1);

    fake.failNext(1, { status: 403, body: { success: false, data: null, meta: { message: 'Недостаточно прав' } } });
    const forbidden = await getCompany(client()).catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ code: 'forbidden', retryable: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('answers 401 when the Accept header is missing (the fake checks it as documented)', async () => {
    const response = await fetch(`${fake.baseUrl}/company/${COMPANY}`, {
      headers: { authorization: `Bearer ${fake.partnerToken}` },
    });
    expect(response.status).toBe(401);
  });

  it('reports 404 as not_found without retrying', async () => {
    const error = await client()
      .request({ method: 'GET', path: `/record/${COMPANY}/777`, userToken: USER })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found', httpStatus: 404, retryable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a request that gets no answer, and retries it', async () => {
    fake.failNext(2, { status: 200, delayMs: 2000 });
    const error = await getCompany(client({ timeoutMs: 50, maxAttempts: 2 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(fake.requests).toHaveLength(2);
  });

  it('reports an unreachable server as a retryable network error', async () => {
    const error = await client({ baseUrl: 'http://127.0.0.1:1/api/v1', maxAttempts: 1 })
      .request({ method: 'GET', path: '/company/1' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network', retryable: true });
  });

  it('never lets more than 5 requests out in any second, however many wait at once', async () => {
    const shared = client();
    await Promise.all(Array.from({ length: 23 }, () => getCompany(shared)));
    expect(sentAt).toHaveLength(23);
    const times = [...sentAt].sort((a, b) => a - b);
    for (let i = 0; i + 5 < times.length; i++) expect(times[i + 5]! - times[i]!).toBeGreaterThanOrEqual(1000);
    // And it does not wait more than it must: 23 requests at 5/s take 22 intervals.
    expect(times.at(-1)! - times[0]!).toBe(22 * 200);
  });

  it('shares one bucket between clients given the same limiter, and counts retries against it', async () => {
    const limiter = new TokenBucket({ perSecond: 5 }, timer);
    const a = client({ limiter });
    const b = client({ limiter });
    fake.failNext(1, { status: 503 });
    await Promise.all([
      getCompany(a),
      getCompany(b),
      getCompany(a),
      getCompany(b),
      getCompany(a),
      getCompany(b),
      getCompany(a),
    ]);
    const times = [...sentAt].sort((x, y) => x - y);
    expect(times).toHaveLength(8);
    for (let i = 0; i + 5 < times.length; i++) expect(times[i + 5]! - times[i]!).toBeGreaterThanOrEqual(1000);
  });
});
