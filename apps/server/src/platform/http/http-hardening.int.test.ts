import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp, type Routes } from '../../app.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { createLogger } from '../logger.js';
import { errors } from './errors.js';

describe.each(DB_KINDS)('HTTP hardening behind a proxy (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app.close();
  });
  const http = () => app.runtime.http!;

  it('takes the client address from the proxy next to it, not from what the client wrote', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await http().inject({
        method: 'POST',
        url: '/api/tg/auth',
        remoteAddress: '127.0.0.1',
        // The client made up the first entry; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { user_id: 710000 + i },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('puts security headers on every answer, HSTS only over HTTPS', async () => {
    const plain = await http().inject({ method: 'GET', url: '/healthz' });
    const csp = String(plain.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube.com');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const refused = await http().inject({ method: 'GET', url: '/api/accounts' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    const secure = await http().inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('refuses a JSON body over 1 MB', async () => {
    const res = await http().inject({
      method: 'POST',
      url: '/api/tg/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user_id: '1'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false });
  });
});

describe('the cabinet page under its CSP', () => {
  it('has no inline script', () => {
    const html = readFileSync(path.resolve(__dirname, '../../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((tag) => /\bsrc=/.test(tag))).toBe(true);
  });
});

describe('HTTP server without a database', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  let server: FastifyInstance;
  const routes: Routes = async (host) => {
    host.get('/explode', { config: { public: true } }, async () => {
      throw new Error('boom');
    });
    host.post('/echo', { config: { public: true } }, async (request) => ({ ok: true, body: request.body }));
    host.get('/denied', { config: { public: true } }, async () => {
      throw errors.unauthorized();
    });
  };

  beforeAll(async () => {
    server = await buildHttpApp({
      logger: createLogger('debug', sink),
      trustProxy: false,
      webDistDir: undefined,
      authenticator: { authenticate: async () => Promise.reject(errors.unauthorized()) },
      hosts: { main: [routes], mailing: [], ai: [] },
      healthy: async () => true,
      requestTimeoutMs: 400,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs a failed request by its path, without the query string and its tokens', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/explode?token=rt1.secret-refresh-token&pin=1234' });
    expect(res.statusCode).toBe(500);
    const ok = await server.inject({ method: 'GET', url: '/api/denied?token=another-secret-token' });
    expect(ok.statusCode).toBe(401);
    const logged = lines.join('');
    expect(logged).toContain('/api/explode');
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('1234');
  });

  it('cuts off a request whose body trickles in', async () => {
    const { port } = server.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // One byte now and then: never idle for long, never done.
    const drip = setInterval(() => socket.write(' '), 100);
    await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
