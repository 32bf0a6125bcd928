import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

// Both drivers answer raw SQL with `{ rows }`; the generic database type does not know that.
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// What pg-boss needs from a database it does not open itself.
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  // Raw SQL for the few places that need it (pg-boss, benchmarks, test set-up).
  executor: SqlExecutor;
  connectionString: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string | undefined;
  // PGlite directory; undefined means in memory (tests).
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server closed (restart, failover, a dropped database) is replaced by
  // the pool; without a listener its 'error' event would crash the process.
  pool.on('error', () => undefined);
  // Fail fast with a clear message when the server is not reachable.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    executor: { executeSql: (text, values) => pool.query(text, values) },
    close: () => pool.end(),
  };
}

// Contrib extensions the migrations create (pg_trgm: the AI administrator's knowledge search).
const extensions = { pg_trgm };

async function openPglite(dir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    connectionString: undefined,
    executor: {
      // pg-boss sends multi-statement scripts without parameters (schema set-up, locks inside
      // BEGIN/COMMIT); PGlite's `query` takes one statement, its `exec` takes many but no parameters.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: () => client.close(),
  };
}
