import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TemplateSettings } from '@salon/contract/templates';
import type { EventKind } from '@salon/contract/templates-rules';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { outbox } from '../../../channels/schema.js';
import { consents } from '../../consents/schema.js';
import { deriveRecordKinds } from '../../../crm/derive.js';
import type { CrmRecord } from '../../../crm/crm.js';
import { templates, templateSends, templateVersions } from '../schema.js';
import { insertTemplate, record as makeRecord } from '../../../test-support/templates/engine-fixtures.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const VLADIVOSTOK = DEMO_BRANCHES.vladivostok;

describe.each(DB_KINDS)('template engine on CRM events (%s)', (kind) => {
  let app: TestApp;
  let phoneSeq = 0;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-12-09T06:00:00Z');
    await db().execute(sql`update templates set active = false`);
  });

  const addTemplate = (accId: number, settings: Partial<TemplateSettings>, text: string) =>
    insertTemplate(
      db(),
      accId,
      { attendance: [], ...settings, when_send: settings.when_send! },
      text,
      app.clock.now(),
      `t-${settings.when_send}`,
    );

  // What the local CRM does on a change: the record and its derived event in one go.
  async function crmChange(accId: number, next: CrmRecord): Promise<EventKind[]> {
    const { repo, processor } = app.runtime.crm;
    const prev = await repo.record(accId, next.id);
    const kinds = deriveRecordKinds(prev, next);
    await repo.saveRecord(accId, next);
    await repo.addEvent(
      {
        accId,
        source: 'test',
        change: { companyId: 0, resource: 'record', resourceId: next.id, status: 'update', data: null },
        dedupKey: `test:${accId}:${next.id}:${next.changedAt.toISOString()}:${kinds.join(',')}`,
        state: 'derived',
        kinds,
      },
      app.clock.now(),
    );
    await processor.processPending();
    return kinds;
  }

  const rowsFor = (phone: string) =>
    db()
      .select({
        id: outbox.id,
        status: outbox.status,
        body: outbox.body,
        notBefore: outbox.notBefore,
        key: outbox.idempotencyKey,
        templateId: templateSends.templateId,
        version: templateSends.version,
      })
      .from(outbox)
      .innerJoin(templateSends, eq(templateSends.outboxId, outbox.id))
      .where(eq(outbox.recipient, phone))
      .orderBy(outbox.id);

  const fresh = (accId: number, over: Partial<CrmRecord> = {}) => {
    phoneSeq += 1;
    return makeRecord({
      id: `it-${accId}-${phoneSeq}`,
      clientId: null,
      clientPhone: `7990000${String(phoneSeq).padStart(4, '0')}`,
      startsAt: new Date('2026-12-10T11:00:00Z'),
      changedAt: app.clock.now(),
      createdAt: app.clock.now(),
      ...over,
    });
  };

  for (const serverTz of ['UTC', 'Asia/Vladivostok']) {
    it(`schedules reminders at the right UTC instants in Moscow and Vladivostok (server TZ ${serverTz})`, async () => {
      const saved = process.env.TZ;
      process.env.TZ = serverTz;
      try {
        for (const [accId, tenLocal] of [
          [MOSCOW, '2026-12-09T07:00:00.000Z'],
          [VLADIVOSTOK, '2026-12-10T00:00:00.000Z'],
        ] as const) {
          const hour = await addTemplate(
            accId,
            { when_send: 'before_start', when_send2: 1, attendance: [0, 2] },
            '{name}, ждём вас в {start_time}',
          );
          const day = await addTemplate(
            accId,
            { when_send: 'all_day_recs_notifications', when_send2: accId === MOSCOW ? 1 : 0, when_time: '10:00' },
            'Напоминаем о записи {day_month}',
          );
          const rec = fresh(accId);
          expect(await crmChange(accId, rec)).toEqual(['record_create']);
          const rows = await rowsFor(rec.clientPhone);
          const byTemplate = new Map(rows.map((r) => [r.templateId, r]));
          expect(byTemplate.get(hour)?.notBefore.toISOString()).toBe('2026-12-10T10:00:00.000Z');
          expect(byTemplate.get(day)?.notBefore.toISOString()).toBe(tenLocal);
          const localStart = accId === MOSCOW ? '14:00' : '21:00';
          expect(byTemplate.get(hour)?.body).toBe(`Мария, ждём вас в ${localStart}`);
          await db().execute(sql`update templates set active = false`);
        }
      } finally {
        process.env.TZ = saved;
      }
    });
  }

  it('a moved record reschedules its pending reminder; a delete cancels it and fires after_deletion', async () => {
    const reminder = await addTemplate(
      MOSCOW,
      { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
      'Ждём вас {day_month} в {start_time}',
    );
    const afterDeletion = await addTemplate(
      MOSCOW,
      { when_send: 'after_deletion', when_send2: 0.25, attendance: [] },
      'Жаль, что вы отменили запись',
    );
    const rec = fresh(MOSCOW);
    await crmChange(MOSCOW, rec);
    const [first] = await rowsFor(rec.clientPhone);
    expect(first).toMatchObject({ templateId: reminder, status: 'pending' });

    app.clock.advance(60_000);
    const moved = { ...rec, startsAt: new Date('2026-12-11T08:00:00Z'), changedAt: app.clock.now() };
    expect(await crmChange(MOSCOW, moved)).toEqual(['record_update']);
    const afterMove = await rowsFor(rec.clientPhone);
    expect(afterMove).toHaveLength(1);
    expect(afterMove[0]).toMatchObject({ id: first!.id, status: 'pending', body: 'Ждём вас 11 декабря в 11:00' });
    expect(afterMove[0]!.notBefore.toISOString()).toBe('2026-12-11T06:00:00.000Z');

    app.clock.advance(60_000);
    const deletedAt = app.clock.now();
    expect(await crmChange(MOSCOW, { ...moved, deleted: true, deletedAt, changedAt: deletedAt })).toEqual([
      'record_delete',
    ]);
    const afterDelete = await rowsFor(rec.clientPhone);
    expect(afterDelete.find((r) => r.id === first!.id)?.status).toBe('cancelled');
    const goodbye = afterDelete.find((r) => r.templateId === afterDeletion);
    expect(goodbye?.notBefore.getTime()).toBe(deletedAt.getTime() + 15 * 60_000);
  });

  it('a replayed event and a second pass change nothing', async () => {
    await addTemplate(MOSCOW, { when_send: 'before_start', when_send2: 1 }, 'Напоминание');
    const event = await addTemplate(
      MOSCOW,
      { when_send: 'event', when_send2: 'record_create' },
      'Вы записаны на {day_month}',
    );
    const rec = fresh(MOSCOW);
    await crmChange(MOSCOW, rec);
    const before = await rowsFor(rec.clientPhone);
    expect(before.map((r) => r.templateId)).toContain(event);
    // The same change again (a replayed webhook): same snapshot, no kinds, same rows.
    expect(await crmChange(MOSCOW, rec)).toEqual([]);
    await app.runtime.templates.engine.recordChanged({
      accId: MOSCOW,
      eventId: 1,
      recordId: rec.id,
      kinds: [],
      record: rec,
    });
    expect(await rowsFor(rec.clientPhone)).toEqual(before);
  });

  it('a record that stops matching is not sent; matching again revives the same message', async () => {
    await addTemplate(MOSCOW, { when_send: 'before_start', when_send2: 1, attendance: [0, 2] }, 'Напоминание');
    const rec = fresh(MOSCOW);
    await crmChange(MOSCOW, rec);
    app.clock.advance(1000);
    await crmChange(MOSCOW, { ...rec, attendance: -1, changedAt: app.clock.now() });
    const [row] = await rowsFor(rec.clientPhone);
    expect(row?.status).toBe('cancelled');
    app.clock.advance(1000);
    await crmChange(MOSCOW, { ...rec, attendance: 2, changedAt: app.clock.now() });
    const rows = await rowsFor(rec.clientPhone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: row!.id, status: 'pending' });
  });

  it('excepted masters get no template messages', async () => {
    await addTemplate(MOSCOW, { when_send: 'before_start', when_send2: 1 }, 'Напоминание');
    await app.runtime.database.db.execute(
      sql`insert into sending_settings (acc_id, exception_masters_names) values (${MOSCOW}, ${'{"Ирина Котова"}'}::text[])
          on conflict (acc_id) do update set exception_masters_names = excluded.exception_masters_names`,
    );
    const rec = fresh(MOSCOW, { staffName: 'Ирина Котова' });
    await crmChange(MOSCOW, rec);
    expect(await rowsFor(rec.clientPhone)).toEqual([]);
    await app.runtime.database.db.execute(
      sql`update sending_settings set exception_masters_names = '{}' where acc_id = ${MOSCOW}`,
    );
  });

  it('editing a template makes pending messages carry the new version; switching it off cancels them', async () => {
    const id = await addTemplate(MOSCOW, { when_send: 'before_start', when_send2: 1 }, 'Старый текст');
    const rec = fresh(MOSCOW);
    await crmChange(MOSCOW, rec);
    const now = app.clock.now();
    await db()
      .insert(templateVersions)
      .values({
        templateId: id,
        version: 2,
        content: [{ type: 'text', body: 'Новый текст {name}', caption: '' }],
        createdAt: now,
      });
    await db().update(templates).set({ version: 2 }).where(eq(templates.id, id));
    await app.runtime.templates.engine.templateChanged(MOSCOW, id);
    expect(await rowsFor(rec.clientPhone)).toMatchObject([
      { body: 'Новый текст Мария', version: 2, status: 'pending' },
    ]);
    await db().update(templates).set({ active: false }).where(eq(templates.id, id));
    await app.runtime.templates.engine.templateChanged(MOSCOW, id);
    expect(await rowsFor(rec.clientPhone)).toMatchObject([{ status: 'cancelled' }]);
  });

  it('consent templates ask a client once', async () => {
    await addTemplate(
      MOSCOW,
      { when_send: 'consent', when_send2: 'record_create_consent' },
      'Можно присылать вам новости? Ответьте да или нет',
    );
    const first = fresh(MOSCOW);
    await crmChange(MOSCOW, first);
    const second = { ...fresh(MOSCOW), clientPhone: first.clientPhone };
    await crmChange(MOSCOW, second);
    expect(await rowsFor(first.clientPhone)).toHaveLength(1);
    const consent = await db()
      .select({ active: consents.active, consent: consents.consent })
      .from(consents)
      .where(and(eq(consents.accId, MOSCOW), eq(consents.phone, first.clientPhone)));
    // Asked and not answered yet: 'await' (SPEC 4 Consent).
    expect(consent).toEqual([{ active: true, consent: null }]);
  });

  it('birthday greetings go out on the local day at when_time, once a year', async () => {
    const now = app.clock.now();
    await addTemplate(
      MOSCOW,
      { when_send: 'happy_birthday', when_send2: 0, when_time: '11:00' },
      'С днём рождения, {name}!',
    );
    await app.runtime.crm.repo.saveClient(MOSCOW, {
      id: 'bday-1',
      name: 'Ольга Петрова',
      phone: '79990009999',
      email: null,
      birthday: '1990-12-09',
      sex: 2,
      categories: [],
      successVisits: 1,
      failVisits: 0,
      bonusBalance: 0,
      createdAt: now,
      updatedAt: now,
    });
    await app.runtime.templates.engine.birthdaySweep();
    await app.runtime.templates.engine.birthdaySweep();
    const rows = await db()
      .select({ body: outbox.body, notBefore: outbox.notBefore })
      .from(outbox)
      .where(and(eq(outbox.recipient, '79990009999'), eq(outbox.source, 'template')));
    expect(rows).toEqual([{ body: 'С днём рождения, Ольга!', notBefore: new Date('2026-12-09T08:00:00Z') }]);
  });
});
