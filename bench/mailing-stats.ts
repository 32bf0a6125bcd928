import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SendoutAttribution } from '../apps/server/src/modules/mailing/stats/attribution.js';
import { MailingStatsRepository } from '../apps/server/src/modules/mailing/stats/stats-repository.js';
import { MailingStatsService } from '../apps/server/src/modules/mailing/stats/stats-service.js';
import { queryRows, type Database } from '../apps/server/src/platform/db/client.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { line, withFreshPostgres } from './support.js';

// Entry `mailing`, statistics part: the send-out statistics page at 1,000,000 sendout_recipients rows
// on a Postgres server. SENDOUTS × PER_SENDOUT recipients (each with its outbox row; a tenth answer,
// one in twenty books, some of them outside the windows) are loaded with generate_series into a fresh
// database; the attribution pass runs once over all of them; then RUNS page reads go through the
// service the route uses (varied sort, page, page size, dates and search) beside a bare
// `order by started_at desc limit 8` read of the same table, timed in the same run.
const SENDOUTS = Number(process.env.BENCH_STATS_SENDOUTS ?? 2_000);
const PER_SENDOUT = Number(process.env.BENCH_STATS_RECIPIENTS ?? 500);
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 200);
const TARGET_P95_MS = 100;
// The measured branch holds three quarters of the send-outs; the rest belong to another one.
const BRANCH = 1;
const OTHER = 2;
const NOW = new Date('2026-03-10T09:00:00Z');

const SORTS = ['date', 'summ', 'conversion_sign_up', 'recipients', 'percent_read', 'text', 'date_finish_sendout'];
const RANGES: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['2024-01-01', '2026-03-10'],
  ['2025-01-01', '2025-12-31'],
  ['2025-06-01', '2025-06-30'],
  ['bad-date', undefined],
];
const TEXTS = ['', '', '', 'скидк', 'Весна'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`insert into branches (acc_id, branch_id, name, time_zone)
    values (${BRANCH}, 9001, 'Бенч', 'Europe/Moscow'), (${OTHER}, 9002, 'Бенч 2', 'Asia/Yekaterinburg')`);
  // Launches spread over 2024-01-01 .. 2026-03-09, one every ~9.5 hours; messages leave within 2 hours.
  const span = (NOW.getTime() - Date.UTC(2024, 0, 1)) / 1000 / SENDOUTS;
  await db.execute(sql`
    insert into sendouts (id, acc_id, status, source, text, keys, parsed_count, count, batch_len, between_time,
      visits_median, last_visit_time_median, consent_counts, started_at, finished_at, stopped, created_at, updated_at)
    select 'bench-' || s, case when s % 4 = 3 then ${OTHER}::int else ${BRANCH}::int end,
      case when s % 50 = 0 then 'paused' else 'finished' end, 'xlsx',
      (array['Весна: скидка 20% для {name}', 'Напоминаем о визите, {name}', 'Новая услуга в салоне', '=1+1 акция'])[1 + s % 4] || ' #' || s,
      array['name', 'phone'], ${PER_SENDOUT}::int, ${PER_SENDOUT}::int, 500, 10, 1 + s % 7, 10 + s % 90,
      '{"consent_count":0,"neutral_count":0,"declined_count":0,"active_count":0}'::jsonb,
      timestamptz '2024-01-01 07:00Z' + make_interval(secs => s * ${span}::float8),
      timestamptz '2024-01-01 09:00Z' + make_interval(secs => s * ${span}::float8),
      s % 50 = 0, now(), now()
    from generate_series(0, ${SENDOUTS - 1}::int) s`);
  // n = the message's number; clients repeat across send-outs (a pool of 200,000 numbers).
  const messages = sql`
    select s, p, s * ${PER_SENDOUT}::int + p as n,
      '79' || lpad(((s * ${PER_SENDOUT}::int + p)::bigint * 7919 % 200000)::text, 9, '0') as phone,
      timestamptz '2024-01-01 07:00Z' + make_interval(secs => s * ${span}::float8 + p * 14) as sent_at
    from generate_series(0, ${SENDOUTS - 1}::int) s, generate_series(0, ${PER_SENDOUT - 1}::int) p`;
  await db.execute(sql`
    insert into outbox (id, acc_id, idempotency_key, source, source_id, recipient, body, not_before, status,
      sent_at, read_at, created_at, updated_at)
    select m.n + 1, case when m.s % 4 = 3 then ${OTHER}::int else ${BRANCH}::int end, 'bench:' || m.n, 'sendout', 'bench-' || m.s,
      m.phone, 'text', m.sent_at,
      case when m.n % 40 = 0 then 'failed' when m.n % 3 = 0 then 'read' else 'delivered' end,
      case when m.n % 40 = 0 then null else m.sent_at end,
      case when m.n % 40 <> 0 and m.n % 3 = 0 then m.sent_at + interval '20 minutes' end,
      m.sent_at, m.sent_at
    from (${messages}) m`);
  await db.execute(sql`select setval(pg_get_serial_sequence('outbox', 'id'), (select max(id) from outbox))`);
  await db.execute(sql`
    insert into sendout_recipients (sendout_id, position, acc_id, phone, name, included, planned_at, outbox_id)
    select 'bench-' || m.s, m.p, case when m.s % 4 = 3 then ${OTHER}::int else ${BRANCH}::int end, m.phone,
      'Клиентка ' || m.p, true, m.sent_at, m.n + 1
    from (${messages}) m`);
  // Answers 1..96 h after the message (a quarter of them past the 72-hour window).
  await db.execute(sql`
    insert into chat_messages (acc_id, channel_kind, direction, phone, type, body, at)
    select case when m.s % 4 = 3 then ${OTHER}::int else ${BRANCH}::int end, 'whatsapp', 'incoming', m.phone, 'text', 'Да',
      m.sent_at + make_interval(hours => 1 + (m.n / 10) % 96)
    from (${messages}) m where m.n % 10 = 1`);
  // Bookings -1..9 days after the message (some before it, some past the 7-day window).
  await db.execute(sql`
    insert into crm_records (acc_id, id, client_phone, client_name, services, starts_at, length_sec, cost,
      created_at, changed_at)
    select case when m.s % 4 = 3 then ${OTHER}::int else ${BRANCH}::int end, 'bench-rec-' || m.n, m.phone, 'Клиентка',
      '[{"id":"1","title":"Стрижка","cost":1500,"category_id":null,"amount":1}]'::jsonb,
      m.sent_at + interval '12 days', 3600, 1500 + (m.n % 7) * 100,
      m.sent_at + make_interval(hours => -24 + (m.n / 20) % 240), m.sent_at
    from (${messages}) m where m.n % 20 = 2`);
  await db.execute(sql`analyze`);
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function benchMailingStats(): Promise<void> {
  await withFreshPostgres('statistics page (Postgres)', async (database) => {
    const db = database.db;
    const clock = { now: () => NOW };

    const t0 = performance.now();
    await load(database);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sendout_recipients`,
    );
    line(
      'loaded (generate_series)',
      `${n} recipients`,
      `${SENDOUTS} send-outs, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // One pass over everything (the sweep's default budget is 50,000 recipients a pass).
    const attribution = new SendoutAttribution(db, clock, { budget: n + SENDOUTS });
    let counted = 0;
    const passMs = await time(async () => (counted = (await attribution.pass(NOW)).sendouts));
    const [totals] = await queryRows<{ sent: number; answered: number; recorded: number }>(
      db,
      sql`select sum(sent_count)::int as sent, sum(answered_count)::int as answered, sum(recorded_count)::int as recorded from sendouts`,
    );
    line(
      'attribution pass (all send-outs, once)',
      `${(passMs / 1000).toFixed(2)} s`,
      `${counted} send-outs, ${totals?.sent} sent, ${totals?.answered} answered, ${totals?.recorded} booked`,
    );
    const againMs = await time(() => attribution.refresh('bench-1500', new Date(NOW.getTime() + 60_000)));
    line('attribution refresh (one send-out, unchanged)', `${againMs.toFixed(1)} ms`, `${PER_SENDOUT} recipients`);

    const service = new MailingStatsService({
      repo: new MailingStatsRepository(db),
      attribution,
      bot: { sendDocument: () => Promise.reject(new Error('no bot in the bench')) },
      clock,
      logger: createLogger('silent'),
    });
    const caller = { accId: BRANCH, rights: ['owner'], userId: 1 };
    const queries = Array.from({ length: RUNS }, (_, i) => {
      const [date_start, date_end] = RANGES[i % RANGES.length]!;
      return {
        sort: SORTS[i % SORTS.length],
        order_desc: i % 3 === 0 ? 'false' : 'true',
        page_size: String([5, 8, 20][i % 3]),
        page: String(1 + ((i * 7) % 12)),
        text: TEXTS[i % TEXTS.length],
        ...(date_start ? { date_start } : {}),
        ...(date_end ? { date_end } : {}),
      };
    });
    // Warm-up: connections, plans and caches of both reads.
    for (const q of queries.slice(0, 20)) await service.page(caller, q);
    const baseline = sql`select id, text, status, started_at, finished_at, sent_count, read_count, answered_count,
        recorded_count, revenue from sendouts where acc_id = ${BRANCH} order by started_at desc limit 8`;
    for (let i = 0; i < 20; i += 1) await queryRows(db, baseline);

    const ours: number[] = [];
    const bare: number[] = [];
    for (const q of queries) {
      ours.push(await time(() => service.page(caller, q)));
      bare.push(await time(() => queryRows(db, baseline)));
    }
    ours.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const p95 = percentile(ours, 95);
    const bareP95 = percentile(bare, 95);
    line(
      'stats page via the service (p50 / p95)',
      `${percentile(ours, 50).toFixed(2)} / ${p95.toFixed(2)} ms`,
      `${RUNS} runs, varied sort/page/dates/text; target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`,
    );
    line(
      'baseline: bare select … limit 8 (p50 / p95)',
      `${percentile(bare, 50).toFixed(2)} / ${bareP95.toFixed(2)} ms`,
      `ours / baseline at p95: ${(p95 / bareP95).toFixed(1)}x`,
    );
  });
}
