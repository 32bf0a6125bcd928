// Second baseline for the accounts benchmark: a bare Fastify route that makes the same database
// reads as GET /api/accounts (session check, profile, branches) with raw SQL on its own embedded
// database with the same migrations and demo seed, and no auth layer, validation or mapping.
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/dist/platform/db/client.js';
import { applyMigrations } from '../apps/server/dist/platform/db/migrate.js';
import { seedDemo } from '../apps/server/dist/seed/demo.js';

const database = await openDatabase({ url: process.env.BARE_DATABASE_URL });
await applyMigrations(database);
await seedDemo(database.db);
const sql = database.executor;
await sql.executeSql(
  `insert into sessions (id, user_id, refresh_hash, created_at, last_used_at, expires_at)
   values ('00000000-0000-0000-0000-000000000001', 111111, 'bench', now(), now(), now() + interval '1 day')
   on conflict do nothing`,
  [],
);

const app = Fastify({ logger: false });
app.get('/bare-reads', async () => {
  const now = new Date().toISOString();
  const auth = await sql.executeSql(
    `select u.active from sessions s join users u on u.telegram_id = s.user_id
     where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3`,
    ['00000000-0000-0000-0000-000000000001', 111111, now],
  );
  const profile = await sql.executeSql(
    `select u.*, c.*, a.mandatory, a.optional, i.count from users u
     left join consultants c on c.user_id = u.telegram_id
     left join agreements a on a.user_id = u.telegram_id
     left join info_blocks i on i.user_id = u.telegram_id and i.block_name = $2
     where u.telegram_id = $1`,
    [111111, 'wa_blocked'],
  );
  const branches = await sql.executeSql(
    `select b.*, m.rights from branch_members m join branches b on b.acc_id = m.acc_id
     where m.user_id = $1 and m.active order by b.acc_id`,
    [111111],
  );
  // check_status=1 and each branch's template count (SPEC 7 Accounts): the channel sessions' states
  // and the live templates, for all the user's branches at once, as the real route reads them.
  const accIds = branches.rows.map((b) => b.acc_id);
  const [statuses, counts] = await Promise.all([
    sql.executeSql(`select acc_id, kind, status from channel_instances where acc_id = any($1)`, [accIds]),
    sql.executeSql(
      `select acc_id, count(*)::int as n from templates where acc_id = any($1) and deleted_at is null group by acc_id`,
      [accIds],
    ),
  ]);
  return {
    ok: auth.rows.length === 1,
    profile: profile.rows[0],
    accounts: branches.rows,
    statuses: statuses.rows,
    counts: counts.rows,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('bare ready\n');
