import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from './app.js';
import { errors } from './platform/http/errors.js';
import { createLogger } from './platform/logger.js';

// A built cabinet as the web build leaves it: each text file with its .br and .gz beside it.
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('привет '.repeat(200))};\n`;

function writeWithCompressed(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe('the built cabinet over HTTP', () => {
  let dist: string;
  let server: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'salon-cabinet-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeWithCompressed(path.join(dist, 'index.html'), INDEX);
    writeWithCompressed(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await buildHttpApp({
      logger: createLogger('silent'),
      trustProxy: false,
      webDistDir: dist,
      authenticator: { authenticate: async () => Promise.reject(errors.unauthorized()) },
      hosts: { main: [], mailing: [], ai: [] },
      healthy: async () => true,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset in brotli when the browser takes it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(SCRIPT);
    expect(gzipped.headers['cache-control']).toContain('immutable');

    const refusedBrotli = await get('/assets/index-abc123.js', 'br;q=0, gzip;q=0.8');
    expect(refusedBrotli.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers the page for every cabinet address, compressed and never cached', async () => {
    for (const url of ['/', '/main?accId=1001', '/template_list', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(INDEX);
    }
  });

  it('serves a file without compressed copies as it is, not cached for a year', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD for an asset like GET, without the body', async () => {
    const res = await server.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('answers 404, not the page, for a missing asset or API path', async () => {
    const asset = await get('/assets/index-old999.js', 'br');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/json/);
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
  });
});
