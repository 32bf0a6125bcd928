import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Started {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

// Starts a Node process and waits until `ready` appears in its output.
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  port: number,
): Promise<Started> {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!ready.test(out)) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`process did not start in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

// The real server from the build, on a fresh embedded database with the demo seed.
// 'all' also runs the workers (queue jobs such as the AI knowledge files' processing).
export async function startCabinet(role: 'api' | 'all' = 'api'): Promise<Started & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  const port = await freePort();
  const started = await startProcess(
    ['apps/server/dist/main.js', '--role', role],
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TELEGRAM_BOT_TOKEN: '' },
    /Cabinet ready/,
    port,
  );
  return {
    ...started,
    dataDir,
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Logs in through the HTTP API exactly as the cabinet does, reading the PIN from the server log.
export async function login(server: Started, telegramId: number): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/tg/auth', { user_id: telegramId });
  let pin: string | undefined;
  for (let i = 0; i < 50 && !pin; i++) {
    pin = [...server.output().matchAll(new RegExp(`login PIN for ${telegramId}: (\\d{4})`, 'g'))].at(-1)?.[1];
    if (!pin) await new Promise((r) => setTimeout(r, 100));
  }
  const checked = (await (await post(`/api/tg/check_pin?pin=${pin}`, { user_id: telegramId })).json()) as {
    refresh_token: string;
  };
  const token = (await (
    await post('/api/get_token', { user_id: String(telegramId), refresh_token: checked.refresh_token })
  ).json()) as {
    token: string;
  };
  return token.token;
}

export async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<number> {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export function line(name: string, value: string, note = ''): void {
  process.stdout.write(`${name.padEnd(48)} ${value.padStart(14)}  ${note}\n`);
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// A fresh migrated database on the machine's Postgres server (TEST_DATABASE_URL, else the local
// one) for one bench part, dropped afterwards; without a server the part says so and is skipped.
export async function withFreshPostgres(label: string, run: (database: Database) => Promise<void>): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `salon_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  try {
    await adminQuery(adminUrl, `create database ${name}`);
  } catch (err) {
    line(label, 'skipped', `no Postgres at ${adminUrl}: ${(err as Error).message}`);
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    await applyMigrations(database);
    await run(database);
  } finally {
    await database?.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  }
}
