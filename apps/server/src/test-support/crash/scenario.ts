import { auditCrashRun, crashCounts, networkTimeline, prepareCrashWorkload, type CrashAudit } from './workload.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import type { CrashTier } from './tiers.js';
import { systemClock } from '../../platform/clock.js';

export interface CrashPlan {
  messages: number;
  kills: number;
  // Each kill comes this long (uniformly) after the server was ready, or after its spawn for every
  // fourth one, which may then land in the start-up (migrations, pg-boss, leases).
  minGapMs: number;
  maxGapMs: number;
  // The run fails when the messages are not all sent by then (from the first start).
  deadlineMs: number;
  random?: () => number;
  log?: (line: string) => void;
}

export interface KillRecord {
  at: number;
  sinceSpawnMs: number;
  // Whether the server had finished starting when it was killed.
  wasReady: boolean;
}

export interface CrashReport {
  kind: string;
  messages: number;
  kills: KillRecord[];
  // Graceful stops (SIGTERM) the test made to read a PGlite database between runs.
  gracefulStops: number;
  starts: number;
  meanStartupMs: number;
  prepareMs: number;
  // From the first start to the moment the test saw every message sent.
  runMs: number;
  // From the first to the last message the network accepted.
  sendingMs: number;
  messagesPerSecond: number;
  // Messages accepted before the last kill: the kills fell while the run was in flight.
  sentBeforeLastKill: number;
  // Kills with a message accepted by the network in the second before them.
  killsWhileSending: number;
  // Lost delivery acks whose delivery fell in the second before a kill or a graceful stop.
  lostAcksAtStops: number;
  completed: boolean;
  audit: CrashAudit;
  // Error lines (pino level ≥ 50) the server processes wrote.
  serverErrors: string[];
}

// The server's settings for the run: no pacing, instant delivery, short claims and leases so that
// work left by a killed process is taken again within seconds.
const SERVER_ENV: Record<string, string> = {
  DISPATCH_PACING: 'off',
  SANDBOX_DELIVERY_MS: '0',
  DISPATCH_CLAIM_MS: '2000',
  DISPATCH_SWEEP_MS: '300',
  CHANNEL_LEASE_MS: '2000',
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Waits (up to 10 s) until the network accepts a message again.
async function untilSending(tier: CrashTier, server: ServerProcess): Promise<void> {
  const before = (await tier.withDb(crashCounts)).sandboxToClient;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !server.exited()) {
    const counts = await tier.withDb(crashCounts);
    if (counts.sandboxToClient > before || counts.sentOrBetter >= counts.outbox) return;
    await sleep(100);
  }
}

// Writes the messages, then runs the real server while killing it with SIGKILL at random moments,
// lets the last one finish, and audits the database.
export async function runCrashScenario(tier: CrashTier, plan: CrashPlan): Promise<CrashReport> {
  const random = plan.random ?? Math.random;
  const log = plan.log ?? (() => undefined);
  const gap = () => plan.minGapMs + (plan.maxGapMs - plan.minGapMs) * random();
  const servers: ServerProcess[] = [];
  const start = () => {
    const server = startServerProcess(tier.role, { ...SERVER_ENV, ...tier.env });
    servers.push(server);
    return server;
  };

  const prepared = Date.now();
  await tier.withDb((db) => prepareCrashWorkload(db, systemClock, plan.messages));
  const prepareMs = Date.now() - prepared;

  const began = Date.now();
  const kills: KillRecord[] = [];
  for (let k = 0; k < plan.kills; k++) {
    const server = start();
    const fromSpawn = k % 4 === 3;
    if (!fromSpawn) {
      await server.ready();
      // Where the test can watch (Postgres), the kill waits until this server is sending: after a
      // SIGKILL the new process first waits for the dead one's channel lease to lapse.
      if (tier.sharedWhileRunning) await untilSending(tier, server);
    }
    await sleep(gap());
    if (server.exited()) throw new Error(`the server exited by itself before kill ${k + 1}:\n${server.output()}`);
    const at = Date.now();
    await server.kill();
    kills.push({ at, sinceSpawnMs: at - server.startedAt, wasReady: server.readyAt() !== undefined });
  }
  log(
    `${tier.kind}: ${kills.length} kills in ${((Date.now() - began) / 1000).toFixed(1)} s; letting the last server finish`,
  );

  const stops: number[] = [];
  let gracefulStops = 0;
  let completed = false;
  let server = start();
  await server.ready();
  if (tier.sharedWhileRunning) {
    let logged = Date.now();
    while (Date.now() - began < plan.deadlineMs) {
      const counts = await tier.withDb(crashCounts);
      if (counts.sentOrBetter >= plan.messages) {
        completed = true;
        break;
      }
      if (Date.now() - logged > 30_000) {
        logged = Date.now();
        log(
          `${tier.kind}: ${counts.sentOrBetter}/${plan.messages} sent after ${((logged - began) / 1000).toFixed(0)} s`,
        );
      }
      await sleep(500);
    }
  } else {
    // PGlite: the database opens in one process at a time, so the test stops the server gracefully
    // to count, and starts it again while messages remain.
    // A first guess a little above the measured rate (about 25 messages/s), then the rate observed.
    let rate = 30;
    let last = { at: Date.now(), sent: 0 };
    while (Date.now() - began < plan.deadlineMs) {
      const remaining = plan.messages - last.sent;
      await sleep(Math.min(90_000, Math.max(3_000, (remaining / rate) * 1000 + 1_500)));
      stops.push(Date.now());
      const code = await server.stop();
      if (code !== 0) throw new Error(`graceful stop exited with ${String(code)}:\n${server.output()}`);
      gracefulStops += 1;
      const counts = await tier.withDb(crashCounts);
      const now = Date.now();
      if (counts.sentOrBetter > last.sent)
        rate = Math.max(5, (counts.sentOrBetter - last.sent) / ((now - last.at) / 1000));
      last = { at: now, sent: counts.sentOrBetter };
      log(`${tier.kind}: ${counts.sentOrBetter}/${plan.messages} sent after ${((now - began) / 1000).toFixed(0)} s`);
      if (counts.sentOrBetter >= plan.messages) {
        completed = true;
        break;
      }
      server = start();
      await server.ready();
    }
  }
  const runMs = Date.now() - began;
  // Lets the last delivery acks land, then stops the way an operator would.
  if (!server.exited()) {
    await sleep(1_500);
    stops.push(Date.now());
    await server.stop();
  }

  const { audit, timeline } = await tier.withDb(async (db) => ({
    audit: await auditCrashRun(db),
    timeline: await networkTimeline(db),
  }));
  const lastKill = kills.at(-1)?.at ?? began;
  const sendingMs = timeline.length > 1 ? timeline.at(-1)! - timeline[0]! : 0;
  const readies = servers.filter((s) => s.readyAt() !== undefined);
  return {
    kind: tier.kind,
    messages: plan.messages,
    kills,
    gracefulStops,
    starts: servers.length,
    meanStartupMs: readies.reduce((sum, s) => sum + (s.readyAt()! - s.startedAt), 0) / Math.max(1, readies.length),
    prepareMs,
    runMs,
    sendingMs,
    messagesPerSecond: sendingMs > 0 ? timeline.length / (sendingMs / 1000) : 0,
    sentBeforeLastKill: timeline.filter((ms) => ms < lastKill).length,
    killsWhileSending: kills.filter((k) => timeline.some((ms) => ms <= k.at && ms > k.at - 1_000)).length,
    lostAcksAtStops: audit.lostAckTimes.filter((t) =>
      [...kills.map((k) => k.at), ...stops].some((at) => t <= at && t > at - 1_000),
    ).length,
    completed,
    audit,
    serverErrors: servers.flatMap((s) =>
      s
        .output()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l)),
    ),
  };
}
