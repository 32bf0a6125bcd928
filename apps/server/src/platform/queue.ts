import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from './db/client.js';
import type { Logger } from './logger.js';

// A typed job: a name, a zod payload and a handler. Handlers must be safe to run twice.
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  handler: (payload: z.infer<S>) => Promise<void>;
  // Takes a polled batch at once instead of one payload after another (the dispatcher claims a
  // batch in one statement); a throw fails the whole batch's jobs, which pg-boss retries.
  batchHandler?: (payloads: z.infer<S>[]) => Promise<void>;
  // Optional cron (in UTC) for sweeps.
  cron?: string;
  // 'short' keeps one waiting job per singletonKey, so a row scheduled twice runs once.
  policy?: 'standard' | 'short';
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

export interface Queue {
  boss: PgBoss;
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  work(definitions: JobDefinition<z.ZodType>[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(database: Database, logger: Logger): Promise<Queue> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4, application_name: 'salon-cabinet' })
      : new PgBoss({ db: database.executor });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  await boss.start();

  const known = new Set<string>();
  const ensureQueue = async (def: Pick<JobDefinition<z.ZodType>, 'name' | 'policy'>) => {
    if (known.has(def.name)) return;
    await boss.createQueue(def.name, { name: def.name, policy: def.policy ?? 'standard' });
    known.add(def.name);
  };

  return {
    boss,
    async send(job, payload, options) {
      await ensureQueue(job);
      return boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
    },
    async work(definitions) {
      for (const def of definitions) {
        await ensureQueue(def);
        const workOptions = { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 };
        await boss.work(def.name, workOptions, async (jobs) => {
          const payloads = jobs.map((job) => def.payload.parse(job.data));
          if (def.batchHandler) await def.batchHandler(payloads);
          else for (const payload of payloads) await def.handler(payload);
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {});
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
