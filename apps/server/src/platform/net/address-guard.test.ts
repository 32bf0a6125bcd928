import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefused, checkedAddress, isPublicAddress, parseWebhookUrl, type ResolveAll } from './address-guard.js';
import { postJsonGuarded } from './guarded-post.js';

const resolver =
  (table: Record<string, string[]>): ResolveAll =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw new Error(`ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err instanceof AddressRefused ? err.reason : `other: ${(err as Error).message}`;
  }
  return 'accepted';
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.0.0.1',
    '10.255.1.2',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.10',
    // The same internal addresses hidden in IPv6 forms.
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkedAddress', () => {
  const check = (url: string, table: Record<string, string[]> = {}, allowPrivate = false) =>
    refusal((async () => checkedAddress(parseWebhookUrl(url), { resolveAll: resolver(table), allowPrivate }))());

  it.each([
    'http://127.0.0.1/hook',
    'http://[::1]:8080/hook',
    'http://10.1.2.3/hook',
    'https://172.16.5.4/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    'http://[fc00::1]/',
    'http://0.0.0.0:3000/',
  ])('refuses the literal %s', async (url) => {
    expect(await check(url)).toBe('internal_address');
  });

  it('refuses a name resolving to a private address', async () => {
    expect(await check('https://hooks.example.test/x', { 'hooks.example.test': ['192.168.1.20'] })).toBe(
      'internal_address',
    );
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    expect(await check('https://mixed.example.test/x', { 'mixed.example.test': ['93.184.216.34', '127.0.0.1'] })).toBe(
      'internal_address',
    );
  });

  it('refuses localhost through the system resolver', async () => {
    expect(await refusal(checkedAddress(parseWebhookUrl('http://localhost:9/')))).toBe('internal_address');
  });

  it('refuses what is no http(s) URL, and names that do not resolve', async () => {
    expect(await check('ftp://93.184.216.34/x')).toBe('bad_protocol');
    expect(await check('file:///etc/passwd')).toBe('bad_protocol');
    expect(await check('not a url')).toBe('bad_url');
    expect(await check('https://nowhere.example.test/')).toBe('not_resolved');
  });

  it('accepts a public IP literal and a name with only public addresses', async () => {
    expect(await check('https://93.184.216.34/hook')).toBe('accepted');
    expect(await check('https://hooks.example.test/', { 'hooks.example.test': ['93.184.216.34'] })).toBe('accepted');
  });

  it('lets private addresses through only when allowed', async () => {
    expect(await check('http://127.0.0.1:8080/hook', {}, true)).toBe('accepted');
  });
});

describe('postJsonGuarded against a local webhook', () => {
  let server: Server;
  let port: number;
  const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let answer: (path: string) => { status: number; headers?: Record<string, string>; hang?: boolean } = () => ({
    status: 200,
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body });
        const a = answer(req.url ?? '');
        if (a.hang) return;
        res.writeHead(a.status, a.headers ?? {});
        res.end('{"ignored":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses the loopback webhook by default, before any connection', async () => {
    const before = seen.length;
    expect(await refusal(postJsonGuarded(`http://127.0.0.1:${port}/hook`, { a: 1 }, { timeoutMs: 2000 }))).toBe(
      'internal_address',
    );
    expect(seen.length).toBe(before);
  });

  it('posts JSON when private addresses are allowed', async () => {
    answer = () => ({ status: 200 });
    const status = await postJsonGuarded(
      `http://127.0.0.1:${port}/hook`,
      { a: 'б' },
      { timeoutMs: 2000, allowPrivate: true },
    );
    expect(status).toBe(200);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/hook');
    expect(last.headers['content-type']).toContain('application/json');
    expect(JSON.parse(last.body)).toEqual({ a: 'б' });
  });

  it('connects to the checked address only: the name is not resolved again, and stays the Host', async () => {
    answer = () => ({ status: 204 });
    const status = await postJsonGuarded(
      `http://automation.example.test:${port}/named`,
      { b: 2 },
      { timeoutMs: 2000, allowPrivate: true, resolveAll: resolver({ 'automation.example.test': ['127.0.0.1'] }) },
    );
    expect(status).toBe(204);
    expect(seen.at(-1)!.headers.host).toBe(`automation.example.test:${port}`);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    answer = (path) => (path === '/moved' ? { status: 307, headers: { location: '/elsewhere' } } : { status: 200 });
    const before = seen.length;
    const status = await postJsonGuarded(`http://127.0.0.1:${port}/moved`, {}, { timeoutMs: 2000, allowPrivate: true });
    expect(status).toBe(307);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/moved']);
  });

  it('gives up after the time-out', async () => {
    answer = () => ({ status: 200, hang: true });
    await expect(
      postJsonGuarded(`http://127.0.0.1:${port}/slow`, {}, { timeoutMs: 300, allowPrivate: true }),
    ).rejects.toThrow(/timed out/);
  });
});
