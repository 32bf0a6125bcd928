import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dispatchJob, dispatchQueueName, scheduler } from '../apps/server/src/channels/dispatch/jobs.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase, queryRows } from '../apps/server/src/platform/db/client.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { startQueue } from '../apps/server/src/platform/queue.js';
import { startRuntime, type Runtime } from '../apps/server/src/runtime.js';
import { line } from './support.js';

// Entry `dispatch`: messages per second from the outbox to the sandbox network's 'delivered' ack,
// through the real runtime in this process, beside raw pg-boss throughput of empty jobs sent and
// worked with the dispatcher's own queue policy and work options, on the same kind of database.
// 1,000 messages: the sandbox reports acks every 250 ms and pg-boss polls every 0.5 s, a fixed tail
// that would weigh on a short run's rate.
const N = Number(process.env.BENCH_DISPATCH_N ?? 1000);
// On PGlite one process does everything, and a run's figure moves by ±10 % with the machine's mood:
// each figure is the median of a few runs, the baseline's and ours taken in turn.
const RUNS = Math.max(1, Number(process.env.BENCH_DISPATCH_RUNS ?? 3));
const STALL_MS = 20_000;
const logger = createLogger('error');

type Kind = 'pglite' | 'postgres';

interface Place {
  dataDir: string;
  url: string | undefined;
  dispose(): Promise<void>;
}

// A fresh database per measurement: an on-disk PGlite directory (as `npm start` uses), or a new
// database on the TEST_DATABASE_URL server, dropped afterwards.
async function freshPlace(kind: Kind): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-dispatch-'));
  if (kind === 'pglite') {
    return { dataDir, url: undefined, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `salon_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.toString(),
    async dispose() {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The dispatcher's queue definition with its handlers replaced by empty ones: same queue policy
// ('short'), batch size and polling interval, and the same per-job payload check.
function emptyJobDefinition(onJob: () => void) {
  const real = dispatchJob(dispatchQueueName(), () => {
    throw new Error('the baseline never dispatches');
  });
  return {
    ...real,
    handler: async () => onJob(),
    batchHandler: async (payloads: unknown[]) => payloads.forEach(() => onJob()),
  };
}

interface Measured {
  ms: number;
  sendMs: number;
  perSecond: number;
}

// Baseline: send N jobs as the dispatcher schedules rows (one send per id, singletonKey = id) and
// work them with an empty handler; the time from the first send to the last job handled.
async function emptyJobs(kind: Kind): Promise<Measured> {
  const place = await freshPlace(kind);
  const database = await openDatabase({ url: place.url, dataDir: path.join(place.dataDir, 'pglite') });
  try {
    const queue = await startQueue(database, logger);
    try {
      let handled = 0;
      await queue.work([emptyJobDefinition(() => (handled += 1))]);
      const schedule = scheduler(queue, systemClock);
      const t0 = performance.now();
      for (let id = 1; id <= N; id++) await schedule(id, new Date());
      const sendMs = performance.now() - t0;
      let last = { at: performance.now(), handled: 0 };
      while (handled < N) {
        await sleep(20);
        if (handled > last.handled) last = { at: performance.now(), handled };
        if (performance.now() - last.at > STALL_MS) throw new Error(`baseline stalled at ${handled}/${N} jobs`);
      }
      const ms = performance.now() - t0;
      return { ms, sendMs, perSecond: N / (ms / 1000) };
    } finally {
      await queue.stop();
    }
  } finally {
    await database.close();
    await place.dispose();
  }
}

interface DispatchMeasured extends Measured {
  // Rows sent whose 'delivered' ack never reached the outbox (the run ended on a stall).
  unacked: number;
  // Time spent inside the dispatcher per message (a polled batch's wall time over its messages):
  // the work the polling interval leaves room for.
  busyMsPerMessage: number;
}

async function linkSandbox(runtime: Runtime): Promise<void> {
  const { repo, sandbox, host } = runtime.channels;
  const instance = await repo.ensureInstance(1001, 'whatsapp', 'sandbox', runtime.clock.now());
  await sandbox.link(instance.id, 'whatsapp', '79160000011');
  await host!.ensure(instance.id);
  await host!.settle();
  const status = (await repo.instance(instance.id))?.status;
  if (status !== 'authenticated') throw new Error(`the sandbox session reports '${String(status)}'`);
}

// The real runtime (role 'all': HTTP app, pg-boss workers, channel host, dispatcher, sweep) with
// the sandbox network delivering at once and pacing off: N messages enqueued through the outbox,
// the time until the outbox holds every one as delivered.
async function dispatchRun(kind: Kind): Promise<DispatchMeasured> {
  const place = await freshPlace(kind);
  let runtime: Runtime | undefined;
  try {
    const config = loadConfig({
      DATA_DIR: place.dataDir,
      ...(place.url ? { DATABASE_URL: place.url } : {}),
      DISPATCH_PACING: 'off',
      SANDBOX_DELIVERY_MS: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      TELEGRAM_BOT_TOKEN: '',
    });
    runtime = await startRuntime({ config, role: 'all', logger, listen: false });
    await linkSandbox(runtime);
    const { dispatcher, outbox } = runtime.channels;
    // Times each polled batch (the job's batch handler calls this method), without changing what it does.
    let busyMs = 0;
    let dispatches = 0;
    const dispatchBatch = dispatcher.dispatchBatch.bind(dispatcher);
    dispatcher.dispatchBatch = async (ids) => {
      const started = performance.now();
      try {
        return await dispatchBatch(ids);
      } finally {
        busyMs += performance.now() - started;
        dispatches += ids.length;
      }
    };
    const db = runtime.database.db;
    const count = async () =>
      (
        await queryRows<{ delivered: number; sent: number }>(
          db,
          sql`select count(*) filter (where status in ('delivered', 'read'))::int as delivered,
                     count(*) filter (where status = 'sent')::int as sent
              from outbox`,
        )
      )[0]!;

    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      await outbox.enqueue({
        accId: 1001,
        idempotencyKey: `bench:${i}`,
        source: 'test',
        sourceId: null,
        recipient: `79${String(i).padStart(8, '0')}7`,
        clientName: null,
        body: `Bench message ${i}`,
        media: null,
        channels: null,
        notBefore: runtime.clock.now(),
      });
    }
    const sendMs = performance.now() - t0;
    let last = { at: performance.now(), delivered: 0 };
    let now = await count();
    while (now.delivered < N) {
      await sleep(50);
      now = await count();
      if (now.delivered > last.delivered) last = { at: performance.now(), delivered: now.delivered };
      // A stall with everything sent means acks were lost: measure up to the last ack and say so.
      if (performance.now() - last.at > STALL_MS) {
        if (now.delivered + now.sent < N) throw new Error(`dispatch stalled at ${now.delivered}/${N} delivered`);
        break;
      }
    }
    const ms = last.at - t0;
    return {
      ms,
      sendMs,
      perSecond: now.delivered / (ms / 1000),
      unacked: N - now.delivered,
      busyMsPerMessage: busyMs / Math.max(1, dispatches),
    };
  } finally {
    await runtime?.stop();
    await place.dispose();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export async function benchDispatch(): Promise<void> {
  const kinds: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const job = emptyJobDefinition(() => undefined);
  const ceiling = (job.batchSize ?? 1) / (job.pollingIntervalSeconds ?? 2);
  line('messages per run (BENCH_DISPATCH_N)', String(N));
  line('runs per figure, medians (BENCH_DISPATCH_RUNS)', String(RUNS), 'baseline and dispatch runs alternate');
  line(
    'pg-boss work options, both runs (from dispatch/jobs.ts)',
    `batch ${job.batchSize}`,
    `polling ${job.pollingIntervalSeconds} s, policy '${job.policy}', singletonKey per row: ceiling ${ceiling} jobs/s per worker`,
  );
  for (const kind of kinds) {
    const bases: Measured[] = [];
    const runs: DispatchMeasured[] = [];
    for (let i = 0; i < RUNS; i++) {
      bases.push(await emptyJobs(kind));
      runs.push(await dispatchRun(kind));
    }
    const base = median(bases.map((b) => b.perSecond));
    const rate = median(runs.map((r) => r.perSecond));
    const busy = median(runs.map((r) => r.busyMsPerMessage));
    const unacked = Math.max(...runs.map((r) => r.unacked));
    line(
      `pg-boss empty jobs, send + work (${kind}), jobs/s`,
      base.toFixed(1),
      `baseline; runs ${spread(bases.map((b) => b.perSecond), 1)}, sends ${(median(bases.map((b) => b.sendMs)) / 1000).toFixed(1)} s`,
    );
    line(
      `outbox -> sandbox delivered ack (${kind}), msgs/s`,
      rate.toFixed(1),
      `runs ${spread(runs.map((r) => r.perSecond), 1)}, enqueue ${(median(runs.map((r) => r.sendMs)) / 1000).toFixed(1)} s${unacked > 0 ? `; up to ${unacked} sent but never acked delivered` : ''}`,
    );
    line(
      `  ratio to the pg-boss baseline (${kind})`,
      (rate / base).toFixed(2),
      `aim >= 0.9; run by run ${spread(runs.map((r, i) => r.perSecond / bases[i]!.perSecond), 2)}`,
    );
    line(
      `  time inside the dispatcher (${kind}), ms/msg`,
      busy.toFixed(2),
      `aim <= 3; one worker could do ${(1000 / busy).toFixed(0)} msgs/s; the polling ceiling is ${ceiling}`,
    );
  }
}
