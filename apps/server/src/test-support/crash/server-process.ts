import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Role } from '../../runtime.js';

// The repository root, where `node --import tsx apps/server/src/main.ts` runs as in development.
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export interface ServerProcess {
  readonly pid: number;
  readonly startedAt: number;
  // When the server printed its ready line; undefined while it starts.
  readyAt(): number | undefined;
  // Resolves when the server is ready; rejects when it exits first.
  ready(timeoutMs?: number): Promise<void>;
  exited(): boolean;
  output(): string;
  // SIGKILL: no shutdown hook runs, exactly as when the machine loses the process.
  kill(): Promise<void>;
  // SIGTERM: the server's graceful shutdown.
  stop(): Promise<number | null>;
}

// Variables of the test process that must not reach the server (vitest's own, a developer's database).
const DROPPED_ENV = /^(VITEST|NODE_OPTIONS$|DATABASE_URL$|TELEGRAM_BOT_TOKEN$|PORT$|DATA_DIR$)/;

// Servers still running, so that a failed or timed-out test leaves no process behind.
const live = new Set<ChildProcess>();

export async function killLeftoverServers(): Promise<void> {
  const exits = [...live].map((child) => new Promise((r) => child.once('exit', r)));
  for (const child of live) child.kill('SIGKILL');
  await Promise.all(exits);
}

// The real server as its own process: `node --import tsx apps/server/src/main.ts --role <role>`.
// `--conditions source` makes '@salon/contract' resolve to its TypeScript sources, as vitest does,
// so no build is needed.
export function startServerProcess(role: Role, env: Record<string, string>): ServerProcess {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !DROPPED_ENV.test(k)));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'apps/server/src/main.ts', '--role', role],
    // No cabinet: listing a built apps/web/dist at every restart made start-ups after a kill slow
    // enough to miss the ready deadline, and the crash test sends messages, it serves no pages.
    {
      cwd: REPO_ROOT,
      env: { ...base, WEB_DIST_DIR: '/nonexistent-web-dist', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const startedAt = Date.now();
  let out = '';
  let readyAt: number | undefined;
  let exitCode: number | null | undefined;
  live.add(child);
  const exit = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code;
      live.delete(child);
      resolve(code);
    });
  });
  const onData = (d: Buffer) => {
    out += d.toString();
    // Keep the tail only: a long run must not grow the test's memory.
    if (out.length > 200_000) out = out.slice(-100_000);
    if (readyAt === undefined && /(Cabinet|Worker) ready/.test(out)) readyAt = Date.now();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  if (child.pid === undefined) throw new Error('server process did not start');
  const pid = child.pid;

  return {
    pid,
    startedAt,
    readyAt: () => readyAt,
    exited: () => exitCode !== undefined,
    output: () => out,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (readyAt === undefined) {
        if (exitCode !== undefined) throw new Error(`server exited (${String(exitCode)}) before it was ready:\n${out}`);
        if (Date.now() > deadline) throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async kill() {
      if (exitCode === undefined) child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exit;
    },
  };
}
