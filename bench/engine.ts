import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/platform/clock.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { startRuntime } from '../apps/server/src/runtime.js';
import { outbox } from '../apps/server/src/channels/schema.js';
import { deriveRecordKinds } from '../apps/server/src/crm/derive.js';
import type { CrmRecord } from '../apps/server/src/crm/crm.js';
import { templates, templateSends, templateVersions } from '../apps/server/src/modules/templates/schema.js';
import { DEMO_BRANCHES } from '../apps/server/src/seed/demo.js';
import { line } from './support.js';

// Entry `engine`: record events per second taken from the CRM inbox, matched against 200 active
// templates of the branch, rendered and written to the outbox, beside the cost of only reading and
// writing the same rows (the templates, the record's planned sends, the same number of outbox and
// template_sends rows) with no matching, timing or rendering, on the same database in the same run.
const N = Number(process.env.BENCH_ENGINE_N ?? 300);
const TEMPLATES = 200;
const ACC = DEMO_BRANCHES.moscow;

const CATEGORIES = [
  { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
  { when_send: 'before_start', when_send2: 24 },
  { when_send: 'after_end', when_send2: 3, attendance: [1, 2] },
  { when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '10:00' },
  { when_send: 'event', when_send2: 'record_create' },
] as const;
const TEXT =
  '{name}, напоминаем: {day_of_week}, {day_month} в {start_time} вас ждёт {master}. ' +
  'Услуги: {services}, стоимость {price}. {filial_name}, тел. {client_phone}';

function record(i: number, now: Date): CrmRecord {
  return {
    id: `bench-${i}`,
    clientId: null,
    clientName: `Клиент ${i}`,
    clientPhone: `7998${String(i).padStart(7, '0')}`,
    staffId: `s${i % 6}`,
    staffName: `Мастер ${i % 6}`,
    services: [
      { id: `sv${i % 15}`, title: 'Стрижка', cost: 1500 + (i % 7) * 100, categoryId: `cat${i % 5}`, amount: 1 },
    ],
    goods: [],
    startsAt: new Date(now.getTime() + (2 + (i % 150)) * 3_600_000),
    lengthSec: 3600,
    attendance: i % 3 === 0 ? 2 : 0,
    deleted: false,
    paid: false,
    online: i % 2 === 0,
    labels: [],
    comment: '',
    shortLink: null,
    createdAt: now,
    changedAt: now,
    deletedAt: null,
  };
}

export async function benchEngine(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-engine-'));
  const clock = new ManualClock('2026-12-01T06:00:00Z');
  const runtime = await startRuntime({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }),
    role: 'api',
    clock,
    logger: createLogger('error'),
    queue: false,
    listen: false,
  });
  try {
    const db = runtime.database.db;
    const now = clock.now();
    for (let t = 0; t < TEMPLATES; t += 1) {
      const base = CATEGORIES[t % CATEGORIES.length]!;
      // A few templates for everyone; the rest narrowed to one master and one service category,
      // as salons do, so a booking matches about ten.
      const settings = {
        attendance: [],
        ...base,
        ...(t < 5 ? {} : { staff: [`s${t % 6}`], categories: [`cat${Math.floor(t / 6) % 5}`] }),
      };
      const [row] = await db
        .insert(templates)
        .values({
          accId: ACC,
          kind: base.when_send === 'event' ? 'em' : 'tm',
          category: base.when_send,
          title: `T${t}`,
          active: true,
          position: t,
          settings,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: templates.id });
      await db.insert(templateVersions).values({
        templateId: row!.id,
        version: 1,
        content: [{ type: 'text', body: TEXT, caption: '' }],
        createdAt: now,
      });
    }

    const { repo, processor } = runtime.crm;
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const t0 = performance.now();
    for (let i = 0; i < N; i += 1) {
      const rec = record(i, now);
      await repo.saveRecord(ACC, rec);
      await repo.addEvent(
        {
          accId: ACC,
          source: 'bench',
          change: { companyId: 0, resource: 'record', resourceId: rec.id, status: 'create', data: null },
          dedupKey: `bench:${i}`,
          state: 'derived',
          kinds: deriveRecordKinds(null, rec),
        },
        now,
      );
    }
    await processor.processPending(N);
    const engineMs = performance.now() - t0;
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const written = Number(after[0]!.n) - Number(before[0]!.n);

    // Baseline: the same reads and writes with nothing decided — per record the record and its
    // event, the branch's templates with their texts, the record's sends, and as many outbox +
    // template_sends rows as the engine wrote on average.
    const perRecord = Math.max(1, Math.round(written / N));
    const anyTemplate = (
      await db.select({ id: templates.id }).from(templates).where(eq(templates.accId, ACC)).limit(1)
    )[0]!.id;
    const t1 = performance.now();
    for (let i = 0; i < N; i += 1) {
      const rec = { ...record(i, now), id: `base-${i}`, clientPhone: `7997${String(i).padStart(7, '0')}` };
      await repo.saveRecord(ACC, rec);
      await repo.addEvent(
        {
          accId: ACC,
          source: 'bench',
          change: { companyId: 0, resource: 'record', resourceId: rec.id, status: 'create', data: null },
          dedupKey: `base:${i}`,
          state: 'done',
          kinds: [],
        },
        now,
      );
      await db
        .select({ id: templates.id, settings: templates.settings, content: templateVersions.content })
        .from(templates)
        .innerJoin(
          templateVersions,
          and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.version)),
        )
        .where(and(eq(templates.accId, ACC), eq(templates.active, true)));
      await db
        .select()
        .from(templateSends)
        .where(and(eq(templateSends.accId, ACC), eq(templateSends.recordId, rec.id)));
      for (let k = 0; k < perRecord; k += 1) {
        const [o] = await db
          .insert(outbox)
          .values({
            accId: ACC,
            idempotencyKey: `base:${i}:${k}`,
            source: 'template',
            recipient: rec.clientPhone,
            body: TEXT,
            notBefore: now,
            status: 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: outbox.id });
        await db.insert(templateSends).values({
          outboxId: o!.id,
          accId: ACC,
          templateId: anyTemplate,
          version: 1,
          item: 0,
          recordId: rec.id,
          clientPhone: rec.clientPhone,
          createdAt: now,
        });
      }
    }
    const baseMs = performance.now() - t1;
    const engineRate = (N * 1000) / engineMs;
    const baseRate = (N * 1000) / baseMs;
    line('records / templates per branch', `${N} / ${TEMPLATES}`);
    line('messages planned', String(written), `${(written / N).toFixed(1)} per record`);
    line('engine: match, time, render, write', `${engineRate.toFixed(1)} ev/s`);
    line('baseline: same reads and writes only', `${baseRate.toFixed(1)} ev/s`);
    line('ratio engine / baseline', (engineRate / baseRate).toFixed(2));
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
