import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { searchKnowledge } from '../apps/server/src/modules/ai-admin/knowledge/search.js';
import { aiKnowledgeChunks, aiKnowledgeFiles } from '../apps/server/src/modules/ai-admin/schema.js';
import { openDatabase, queryRows, type Database } from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../apps/server/src/seed/demo.js';
import { line, login, startCabinet, withFreshPostgres } from './support.js';

// Entry `ai`: the AI administrator without an outside model.
// 1. Retrieval: searchKnowledge over 10 MB of knowledge text in one branch (another branch holds
//    2 MB more), on PGlite and on a Postgres server, beside a bare full-text query of the same table
//    (`tsv @@ plainto_tsquery` ranked, limit 3) timed in the same run. Aim: p95 ≤ 50 ms.
// 2. Answers: the built server's test chat (POST /api/ai/api/v1/test_chat/message) answering price,
//    free-time, knowledge and off-topic questions with the embedded retrieval responder, beside an
//    authenticated read of the same host (GET /api/ai/api/v1/agents/). Aim: p95 ≤ 300 ms.
const KNOWLEDGE_BYTES = Number(process.env.BENCH_AI_BYTES ?? 10 * 1024 * 1024);
const RUNS = Number(process.env.BENCH_AI_RUNS ?? 300);
const ANSWERS = Number(process.env.BENCH_AI_ANSWERS ?? 120);
const BRANCH = 1;
const OTHER = 2;

const SERVICES = [
  'стрижка женская',
  'стрижка мужская',
  'окрашивание волос',
  'маникюр с покрытием',
  'педикюр аппаратный',
  'наращивание ресниц',
  'коррекция бровей',
  'массаж лица',
  'укладка вечерняя',
  'кератиновое выпрямление',
  'шугаринг',
  'чистка лица',
  'ламинирование ресниц',
  'мелирование',
  'детская стрижка',
];
const FILLER = [
  'Мастер подберёт уход под тип волос и кожи.',
  'Запись возможна по телефону и онлайн.',
  'Мы используем профессиональную косметику.',
  'Перед процедурой проводится консультация.',
  'Скидка для постоянных клиентов действует по карте лояльности.',
  'Оплата картой и наличными.',
  'Пожалуйста, приходите за 5 минут до начала.',
  'Отмена записи бесплатна за сутки.',
  'Парковка у входа для клиентов салона.',
  'В салоне есть кофе и чай для гостей.',
];
const QUESTIONS = [
  'сколько стоит стрижка женская',
  'цена на маникюр с покрытием',
  'есть ли парковка',
  'стришка мужская цена',
  'можно ли отменить запись',
  'какая косметика у вас',
  'наращивание ресниц стоимость',
  'оплата картой возможна',
  'кератиновое выпрямление сколько по времени',
  'скидки постоянным клиентам',
  'погода на Марсе',
  'ламинирование',
];

function passage(i: number): string {
  const s = SERVICES[i % SERVICES.length]!;
  const price = 800 + ((i * 137) % 60) * 50;
  const parts = [`${s[0]!.toUpperCase()}${s.slice(1)} — ${price} ₽, ${30 + (i % 5) * 15} минут.`];
  for (let k = 0; k < 9; k++) parts.push(FILLER[(i * 7 + k * 3) % FILLER.length]!);
  parts.push(`Раздел ${i}.`);
  return parts.join(' ');
}

async function loadKnowledge(database: Database): Promise<number> {
  const db = database.db;
  const now = new Date();
  await db.execute(sql`insert into branches (acc_id, branch_id, name, time_zone)
    values (${BRANCH}, 9101, 'Бенч ИИ', 'Europe/Moscow'), (${OTHER}, 9102, 'Бенч ИИ 2', 'Asia/Vladivostok')`);
  let chunks = 0;
  for (const [accId, bytes] of [
    [BRANCH, KNOWLEDGE_BYTES],
    [OTHER, KNOWLEDGE_BYTES / 5],
  ] as const) {
    const [file] = await db
      .insert(aiKnowledgeFiles)
      .values({
        accId,
        fileName: 'price.txt',
        extension: 'txt',
        size: bytes,
        state: 'ready',
        stage: 'vectorize',
        createdAt: now,
        updatedAt: now,
        applied: true,
      })
      .returning({ id: aiKnowledgeFiles.id });
    let total = 0;
    let ord = 0;
    while (total < bytes) {
      const batch: { accId: number; fileId: number; ord: number; body: string }[] = [];
      for (let k = 0; k < 500 && total < bytes; k++, ord++) {
        const body = passage(ord + accId * 100_000);
        total += Buffer.byteLength(body);
        batch.push({ accId, fileId: file!.id, ord, body });
      }
      await db.insert(aiKnowledgeChunks).values(batch);
      chunks += batch.length;
    }
  }
  await db.execute(sql`analyze ai_knowledge_chunks`);
  return chunks;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function timed(runs: number, run: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function retrieval(label: string, database: Database): Promise<void> {
  const t0 = performance.now();
  const chunks = await loadKnowledge(database);
  line(
    `${label}: loaded`,
    `${chunks} passages`,
    `${(KNOWLEDGE_BYTES / 1024 / 1024).toFixed(0)} MB in the measured branch, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const ours = await timed(RUNS, (i) => searchKnowledge(database.db, BRANCH, QUESTIONS[i % QUESTIONS.length]!, 3));
  const bare = await timed(RUNS, (i) =>
    queryRows(
      database.db,
      sql`select id from ai_knowledge_chunks, plainto_tsquery('russian', ${QUESTIONS[i % QUESTIONS.length]!}) q
          where acc_id = ${BRANCH} and tsv @@ q order by ts_rank_cd(tsv, q) desc limit 3`,
    ),
  );
  line(`${label}: searchKnowledge p50 / p95`, `${ours.p50.toFixed(1)} / ${ours.p95.toFixed(1)} ms`, `aim p95 ≤ 50 ms`);
  line(
    `${label}: bare full-text p50 / p95`,
    `${bare.p50.toFixed(1)} / ${bare.p95.toFixed(1)} ms`,
    `ratio p95 ${(ours.p95 / bare.p95).toFixed(2)}`,
  );
}

async function answers(): Promise<void> {
  const server = await startCabinet('all');
  try {
    const token = await login(server, DEMO_USERS.owner);
    const acc = DEMO_BRANCHES.moscow;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/ai${path}${path.includes('?') ? '&' : '?'}acc_id=${acc}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    await call('PATCH', '/api/v1/agents/', { settings: { is_active: true, recommendation_mode: 'automatic' } });
    // A price list and FAQ of ~200 KB, processed by the server as an owner's upload would be.
    const text = Array.from({ length: 300 }, (_, i) => passage(i)).join('\n\n');
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'price.txt');
    const up = await fetch(`${server.url}/api/ai/api/v1/files/?acc_id=${acc}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const fileId = ((await up.json()) as { data: { id: number } }).data.id;
    for (let i = 0; ; i++) {
      const state = ((await call('GET', `/api/v1/files/state?file_id=${fileId}`)).data as { state: string }).state;
      if (state === 'ready') break;
      if (state === 'error' || i > 600) throw new Error(`knowledge file ended in ${state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const asks = [
      'Сколько стоит стрижка женская?',
      'Есть ли время завтра на маникюр?',
      'Есть ли у вас парковка?',
      'Какая погода на Марсе?',
      'Цена наращивания ресниц',
      'Можно ли оплатить картой?',
    ];
    const ours = await timed(ANSWERS, async (i) => {
      if (i % 20 === 0) await call('DELETE', '/api/v1/test_chat/');
      await call('POST', '/api/v1/test_chat/message', { direction: 'incoming', body: asks[i % asks.length] });
    });
    const bare = await timed(ANSWERS, () => call('GET', '/api/v1/agents/'));
    line(
      'test chat answer p50 / p95',
      `${ours.p50.toFixed(1)} / ${ours.p95.toFixed(1)} ms`,
      'aim p95 ≤ 300 ms, embedded responder',
    );
    line(
      'same host authenticated read p50 / p95',
      `${bare.p50.toFixed(1)} / ${bare.p95.toFixed(1)} ms`,
      `ratio p95 ${(ours.p95 / bare.p95).toFixed(1)}`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchAi(): Promise<void> {
  const pglite = await openDatabase({});
  try {
    await applyMigrations(pglite);
    await retrieval('retrieval (PGlite)', pglite);
  } finally {
    await pglite.close();
  }
  await withFreshPostgres('retrieval (Postgres)', (database) => retrieval('retrieval (Postgres)', database));
  // BENCH_AI_PARTS=retrieval skips the built server (a quick look while changing the search).
  if (process.env.BENCH_AI_PARTS !== 'retrieval') await answers();
}
