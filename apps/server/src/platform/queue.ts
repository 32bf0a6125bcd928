import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
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
  // The jobs of `job`, one per row a caller's statement produces, as an INSERT that statement runs
  // in a CTE of its own (see JobRows): the rows and their jobs commit together, in one round trip.
  insertJobs<S extends z.ZodType>(job: JobDefinition<S>, rows: JobRows): Promise<SQL>;
  // Creates the job's queue and reads its settings once, so `insertJobs` asks the database nothing
  // more. Call it outside any transaction: pg-boss reads on its own connection, and on PGlite (one
  // connection) a read waiting for an open transaction to end would wait forever inside it.
  prepareJobs<S extends z.ZodType>(job: JobDefinition<S>): Promise<void>;
  stop(): Promise<void>;
}

// What `insertJobs` writes per row of `from` (a CTE or table of the caller's statement): the job's
// payload as a jsonb expression (the caller builds it to the job's schema: it is not parsed here),
// when it may start and its singleton key (expressions over the same row).
export interface JobRows {
  from: SQL;
  payload: SQL;
  startAfter: Date;
  singletonKey: SQL;
}

const BOSS_SCHEMA = 'pgboss';

// A queue's settings its jobs take (pgboss.queue), read once per queue: only `ensureQueue` creates
// queues here, and never changes one.
interface QueueSettings {
  policy: string | null;
  deadLetter: string | null;
  expireSeconds: number | null;
  retentionMinutes: number | null;
  retryLimit: number | null;
  retryDelay: number | null;
  retryBackoff: boolean | null;
}

const DAY_MS = 86_400_000;

// pg-boss's own insert (plans.js insertJob, pinned pg-boss 10.4.2) for a job sent with a start time
// and a singleton key and nothing else, with the queue's settings resolved here as pg-boss resolves
// them (the queue's, else pg-boss's defaults: 15 minutes to expire, kept 14 days, 2 retries), so
// the statement stays short to plan; a key already waiting under the 'short' policy adds nothing.
// queue.int.test.ts compares the rows it writes with `boss.send`'s, so an upgrade that changes
// pg-boss's table or defaults fails there.
function insertJobsSql(name: string, q: QueueSettings, rows: JobRows): SQL {
  const keepUntil = new Date(
    rows.startAfter.getTime() + (q.retentionMinutes !== null ? q.retentionMinutes * 60_000 : 14 * DAY_MS),
  );
  const backoff = q.retryBackoff ?? false;
  const retryDelay = backoff ? Math.max(q.retryDelay ?? 0, 1) : (q.retryDelay ?? 0);
  return sql`insert into ${sql.identifier(BOSS_SCHEMA)}.job (name, data, start_after, singleton_key, dead_letter,
      expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    select ${name}, ${rows.payload}, ${rows.startAfter.toISOString()}::timestamptz, ${rows.singletonKey},
           ${q.deadLetter}, ${`${q.expireSeconds ?? 15 * 60} seconds`}::interval, ${keepUntil.toISOString()}::timestamptz,
           ${q.retryLimit ?? 2}::int, ${retryDelay}::int, ${backoff}::bool, ${q.policy}
    from ${rows.from}
    on conflict do nothing`;
}

export async function startQueue(database: Database, logger: Logger): Promise<Queue> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          connectionString: database.connectionString,
          max: 4,
          application_name: 'salon-cabinet',
          schema: BOSS_SCHEMA,
        })
      : new PgBoss({ db: database.executor, schema: BOSS_SCHEMA });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  await boss.start();

  const known = new Set<string>();
  const ensureQueue = async (def: Pick<JobDefinition<z.ZodType>, 'name' | 'policy'>) => {
    if (known.has(def.name)) return;
    await boss.createQueue(def.name, { name: def.name, policy: def.policy ?? 'standard' });
    known.add(def.name);
  };

  const settings = new Map<string, QueueSettings>();
  const settingsOf = async (def: Pick<JobDefinition<z.ZodType>, 'name' | 'policy'>): Promise<QueueSettings> => {
    const known = settings.get(def.name);
    if (known) return known;
    await ensureQueue(def);
    const queue = await boss.getQueue(def.name);
    if (!queue) throw new Error(`queue ${def.name} was not created`);
    const read: QueueSettings = {
      policy: queue.policy ?? null,
      deadLetter: queue.deadLetter ?? null,
      expireSeconds: queue.expireInSeconds ?? null,
      retentionMinutes: queue.retentionMinutes ?? null,
      retryLimit: queue.retryLimit ?? null,
      retryDelay: queue.retryDelay ?? null,
      retryBackoff: queue.retryBackoff ?? null,
    };
    settings.set(def.name, read);
    return read;
  };

  return {
    boss,
    async send(job, payload, options) {
      await ensureQueue(job);
      return boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
    },
    async insertJobs(job, rows) {
      return insertJobsSql(job.name, await settingsOf(job), rows);
    },
    async prepareJobs(job) {
      await settingsOf(job);
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
