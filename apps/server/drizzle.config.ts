import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in `schema.ts`; migrations are generated into ./drizzle and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/**/schema.ts',
  out: './apps/server/drizzle',
  migrations: { prefix: 'timestamp' },
});
