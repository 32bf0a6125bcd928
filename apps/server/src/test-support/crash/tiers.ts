import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../platform/db/client.js';
import { openDatabase } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import type { Role } from '../../runtime.js';
import { seedDemo } from '../../seed/demo.js';
import { createTestDatabase, type DbKind, type TestDatabase } from '../databases.js';

// Where the server under test keeps its data, and how the test reaches the same database.
export interface CrashTier {
  kind: DbKind;
  // PGlite is one process: the server runs everything ('all'); Postgres runs a plain worker.
  role: Role;
  dataDir: string;
  // Variables that point the server at this database.
  env: Record<string, string>;
  // Whether the test may read the database while the server runs (PGlite: only one process may open it).
  sharedWhileRunning: boolean;
  // Runs `work` on the database; for PGlite only while no server is running.
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

// A fresh database, migrated and seeded, in the tier's own place.
export async function createCrashTier(kind: DbKind): Promise<CrashTier> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-crash-'));
  if (kind === 'pglite') {
    // The same directory the server opens: DATA_DIR/pglite.
    const pgliteDir = path.join(dataDir, 'pglite');
    const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ dataDir: pgliteDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    };
    const tier: CrashTier = {
      kind,
      role: 'all',
      dataDir,
      env: { DATA_DIR: dataDir },
      sharedWhileRunning: false,
      withDb,
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    await openAndSeed(tier);
    return tier;
  }
  const test: TestDatabase = await createTestDatabase('postgres');
  const tier: CrashTier = {
    kind,
    role: 'worker',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: test.database.connectionString! },
    sharedWhileRunning: true,
    withDb: (work) => work(test.database.db),
    async dispose() {
      await test.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await applyMigrations(test.database);
  await seedDemo(test.database.db);
  return tier;
}

async function openAndSeed(tier: CrashTier): Promise<void> {
  const database = await openDatabase({ dataDir: path.join(tier.dataDir, 'pglite') });
  try {
    await applyMigrations(database);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
}
