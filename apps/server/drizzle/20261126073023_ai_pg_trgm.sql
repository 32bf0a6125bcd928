-- The AI administrator's knowledge passages are matched by trigram similarity too (pg_trgm ships with
-- Postgres contrib and with PGlite's contrib, loaded in platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
