import type { z } from 'zod';
import type { HostName, Routes } from './http/hosts.js';
import type { JobDefinition } from './queue.js';

// Periodic work of a module. On a queue it is a pg-boss job that re-schedules itself once per
// period, so with several workers it still runs once per period; without a queue (tests) the
// runtime's "run the due sweeps now" hook runs it directly. Sweeps must claim their rows
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
