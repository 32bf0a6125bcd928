import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { openDatabase, type Database } from './client.js';
import { lockDataDir } from './dir-lock.js';
import { applyMigrations } from './migrate.js';

export interface ServerDatabase {
  database: Database;
  // Closes the database this opened (one handed in stays open) and frees the data dir.
  close(): Promise<void>;
}

// The server's database, migrated: the one handed in (tests), else Postgres at DATABASE_URL, else
// PGlite in the data dir, which one process at a time may hold.
export async function openServerDatabase(config: Config, logger: Logger, given?: Database): Promise<ServerDatabase> {
  let unlock: (() => void) | undefined;
  let database = given;
  if (!database) {
    if (!config.DATABASE_URL) unlock = lockDataDir(config.dataDir);
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
    });
    logger.info({ kind: database.kind }, 'database opened');
  }
  await applyMigrations(database);
  const opened = database;
  return {
    database: opened,
    async close() {
      if (!given) await opened.close();
      unlock?.();
    },
  };
}
