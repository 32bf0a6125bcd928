import { afterAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test-support/databases.js';
import { runCrashScenario, type CrashReport } from '../../test-support/crash/scenario.js';
import { killLeftoverServers } from '../../test-support/crash/server-process.js';
import { createCrashTier, type CrashTier } from '../../test-support/crash/tiers.js';

// The crash test: the real server in its own process sends 10,000 messages into the sandbox
// network while it is killed with SIGKILL at random moments; every message must reach the network
// exactly once. (listmonk skips a batch, or resends one, after such a crash.) A third of them
// cascade over three channels: WhatsApp refuses them, opted-in clients get the MAX bot, the rest SMS.
const MESSAGES = Number(process.env.CRASH_TEST_MESSAGES ?? 10_000);
const KILLS = Number(process.env.CRASH_TEST_KILLS ?? 12);
const DEADLINE_MS = 11 * 60_000;
const TIMEOUT_MS = 13 * 60_000;

function summary(r: CrashReport): string {
  const a = r.audit;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `crash test (${r.kind}): ${r.messages} messages, ${r.kills.length} SIGKILLs (${r.kills.filter((k) => !k.wasReady).length} during start-up, ${r.killsWhileSending} while messages were going out), ${r.gracefulStops} graceful stops, ${r.starts} server starts (mean start-up ${s(r.meanStartupMs)})`,
    `  prepare ${s(r.prepareMs)}; run ${s(r.runMs)}; network accepted messages over ${s(r.sendingMs)} = ${r.messagesPerSecond.toFixed(1)} messages/s; ${r.sentBeforeLastKill} sent before the last kill`,
    `  cascade branch by channel ${JSON.stringify(a.cascade.byChannel)}, misrouted ${a.cascade.misrouted}`,
    `  outbox ${JSON.stringify(a.statuses)}; network to_client ${a.sandboxToClient}; duplicate keys ${a.duplicateKeys}; rows sent twice ${a.rowsSentTwice}; sent but missing ${a.sentButMissing}; stray ${a.strayMessages}; provider id mismatch ${a.providerIdMismatch}`,
    `  chat history: rows with two bot messages ${a.rowsWithTwoBotMessages}, sent rows without a bot message ${a.sentWithoutBotMessage}; delivered on the network but not acked in the outbox ${a.deliveredNotAcked} (${a.ackBeforeSent} delivered before the row's sent_at, ${r.lostAcksAtStops} in the second before a kill or stop)`,
    ...(a.examples.length > 0 ? [`  examples: ${a.examples.join(' | ')}`] : []),
    ...(r.serverErrors.length > 0
      ? [`  server errors (${r.serverErrors.length}): ${r.serverErrors.slice(0, 5).join(' | ')}`]
      : []),
  ].join('\n');
}

describe.each(DB_KINDS)('dispatcher under SIGKILL (%s)', (kind) => {
  let tier: CrashTier | undefined;

  afterAll(async () => {
    await killLeftoverServers();
    await tier?.dispose();
  });

  it(
    `sends each of ${MESSAGES} messages exactly once while the worker is killed ${KILLS} times`,
    async () => {
      tier = await createCrashTier(kind);
      const report = await runCrashScenario(tier, {
        messages: MESSAGES,
        kills: KILLS,
        minGapMs: 300,
        maxGapMs: 2_000,
        deadlineMs: DEADLINE_MS,
        log: (line) => console.log(line),
      });
      console.log(summary(report));
      const a = report.audit;

      expect(report.kills.length).toBeGreaterThanOrEqual(10);
      // The kills fell while the run was in flight, not before or after it.
      expect(report.sentBeforeLastKill).toBeGreaterThan(0);
      expect(report.sentBeforeLastKill).toBeLessThan(MESSAGES);
      expect(report.completed).toBe(true);
      expect(a.outbox).toBe(MESSAGES);
      expect(a.sentOrBetter).toBe(MESSAGES);
      // Exactly once on the network: one message per row, under the row's own key and provider id.
      expect(a.sandboxToClient).toBe(MESSAGES);
      expect(a.duplicateKeys).toBe(0);
      expect(a.rowsSentTwice).toBe(0);
      expect(a.sentButMissing).toBe(0);
      expect(a.strayMessages).toBe(0);
      expect(a.providerIdMismatch).toBe(0);
      // The chat history never shows a message twice.
      expect(a.rowsWithTwoBotMessages).toBe(0);
      // The three-channel cascade: each message on the channel that reaches its client, and both
      // of the fallbacks carried some.
      expect(a.cascade.misrouted).toBe(0);
      expect(a.cascade.byChannel.max).toBeGreaterThan(0);
      expect(a.cascade.byChannel.sms).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
