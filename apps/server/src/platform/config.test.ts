import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { resolveSecrets } from './secrets.js';

describe('configuration', () => {
  it('defaults to PGlite in ./data on port 3000 with the demo seed', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TELEGRAM_BOT_TOKEN: 'abc' }, 'TELEGRAM_BOT_TOKEN'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ SELLER_INN: '7701234561' }, 'SELLER_INN'],
    [{ SELLER_KPP: '7701' }, 'SELLER_KPP'],
    [{ SELLER_BIK: '04452500' }, 'SELLER_BIK'],
    [{ SELLER_ACCOUNT: '4070281090000000000' }, 'SELLER_ACCOUNT'],
    [{ SELLER_CORR_ACCOUNT: '3010181040000000000x' }, 'SELLER_CORR_ACCOUNT'],
    [{ SELLER_VAT: '20%' }, 'SELLER_VAT'],
    [{ RECEIPT_URL_TEMPLATE: 'https://check.example/{fn}/{fd}' }, 'RECEIPT_URL_TEMPLATE'],
    [{ OPS_TOKEN: 'short' }, 'OPS_TOKEN'],
  ])('names the bad variable in %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it.each([
    [undefined, false],
    ['false', false],
    // `true` is the one proxy in front: believing every hop would believe what the client wrote.
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('has a demo seller for invoices and no operator token by default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ SELLER_INN: '7701234560', SELLER_VAT: 'none', SELLER_BIK: '044525000' });
    expect(c.OPS_TOKEN).toBeUndefined();
    expect(loadConfig({ SELLER_VAT: '20' }).SELLER_VAT).toBe('20');
  });
});

describe('secrets', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('generates the keys once and keeps them in the data dir', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const first = resolveSecrets(dir, {});
    const second = resolveSecrets(dir, {});
    expect(first.encryptionKey.length).toBe(32);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(second.tokenSecret.equals(first.tokenSecret)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toHaveProperty('tokenSecret');
  });

  it('prefers keys given by the environment', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const s = resolveSecrets(dir, { ENCRYPTION_KEY: 'ab'.repeat(32), TOKEN_SECRET: 'x'.repeat(40) });
    expect(s.encryptionKey.toString('hex')).toBe('ab'.repeat(32));
  });
});
