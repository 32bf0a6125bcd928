import type { z } from 'zod';
import type { HostName, Routes } from './http/hosts.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Logger } from './logger.js';
import type { JobDefinition, Queue } from './queue.js';

// Periodic work of a module. On a queue each worker offers its job once a period, throttled by
// pg-boss to one job per period (platform/sweeps.ts), so with several workers it still runs once per
// period; without a queue (tests) the runtime's "run the due sweeps now" hook runs it directly. Sweeps must claim their rows
// atomically: running one twice is harmless.
export interface SweepDefinition {
  // Unique across the server; the queue name is `sweep.<name>`.
  name: string;
  // Real milliseconds between two runs.
  everyMs: number;
  // The first run waits one period (a poll of a remote system right at start is wasted).
  delayFirst?: boolean;
  run(): Promise<void>;
}

// What one module hands to the runtime. Each module under `modules/<m>/` has one wiring factory,
// `module.ts`: `createXModule(deps): ServerModule`, which builds its repositories and services and
// returns what the runtime mounts. The runtime only composes factories; test harnesses call the same
// factories. Modules that answer inbound messages also return `replyHandlers`
// (channels/inbound/reply-chain.ts), which the runtime plugs into the reply chain.
export interface ServerModule {
  // Route plugins per host (main API, mailing, AI).
  routes?: Partial<Record<HostName, Routes[]>>;
  // Queue workers, started on worker processes only.
  jobs?: JobDefinition<z.ZodType>[];
  sweeps?: SweepDefinition[];
  // Started on worker processes after the queue; stopped before the queue and the database close.
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

// The routes of several modules, host by host, in the order given.
export function routesOf(modules: readonly ServerModule[], host: HostName): Routes[] {
  return modules.flatMap((m) => m.routes?.[host] ?? []);
}

// What the runtime has for every factory; a module's deps pick what it uses from here and add its
// own ports.
export interface ModuleContext {
  db: Db;
  config: Config;
  // Absent in tests that run without jobs.
  queue: Queue | undefined;
  clock: Clock;
  logger: Logger;
  // Seals secrets at rest (channel sessions, CRM tokens).
  encryptionKey: Buffer;
}
