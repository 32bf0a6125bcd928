import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TemplateSettings } from '@salon/contract/templates';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { seal } from '../../../platform/crypto.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { outbox } from '../../../channels/schema.js';
import { templateSends } from '../schema.js';
import { insertTemplate } from '../../../test-support/templates/engine-fixtures.js';

const KEY_HEX = 'ab'.repeat(32);
const BRANCHES = [
  { accId: DEMO_BRANCHES.moscow, company: 9101, timezone: 'Europe/Moscow', offset: '+03:00', token: 'user-msk' },
  {
    accId: DEMO_BRANCHES.vladivostok,
    company: 9103,
    timezone: 'Asia/Vladivostok',
    offset: '+10:00',
    token: 'user-vvo',
  },
] as const;

// The whole path of issue 4 on the real runtime: a YCLIENTS-shaped webhook is stored, the record is
// re-read from (fake) YCLIENTS, its event kinds derived, and the engine plans the messages.
describe.each(DB_KINDS)('YCLIENTS webhooks drive template messages (%s)', (kind) => {
  for (const serverTz of ['UTC', 'Asia/Vladivostok']) {
    describe(`server TZ ${serverTz}`, () => {
      let app: TestApp;
      let fake: FakeYclients;
      let now = new Date('2026-12-09T06:00:00Z');
      const saved = process.env.TZ;

      beforeAll(async () => {
        process.env.TZ = serverTz;
        fake = await startFakeYclients({ now: () => now });
        app = await startTestApp(kind, {
          YCLIENTS_PARTNER_TOKEN: fake.partnerToken,
          YCLIENTS_API_URL: fake.baseUrl,
          ENCRYPTION_KEY: KEY_HEX,
        });
        app.clock.set(now);
        const key = Buffer.from(KEY_HEX, 'hex');
        for (const b of BRANCHES) {
          fake.addCompany({ id: b.company, userToken: b.token, timezone: b.timezone, offset: b.offset });
          await app.runtime.crm.repo.saveConnection({
            accId: b.accId,
            kind: 'yclients',
            companyId: b.company,
            userToken: seal(key, b.token),
            pollCursor: null,
          });
        }
      });
      afterAll(async () => {
        await app?.close();
        await fake?.close();
        process.env.TZ = saved;
      });

      const db = () => app.runtime.database.db;
      const addTemplate = (accId: number, settings: Partial<TemplateSettings>, text: string) =>
        insertTemplate(db(), accId, { ...settings, when_send: settings.when_send! }, text, app.clock.now());
      const webhook = async (body: unknown) => {
        const res = await app.request({ method: 'POST', url: '/api/crm/yclients/webhook', body });
        expect(res.statusCode).toBe(200);
        await app.runtime.crm.processor.processPending();
        return res.json<{ stored: number; duplicates: number; ignored: number }>();
      };
      const rowsOf = (phone: string) =>
        db()
          .select({
            id: outbox.id,
            status: outbox.status,
            notBefore: outbox.notBefore,
            body: outbox.body,
            templateId: templateSends.templateId,
          })
          .from(outbox)
          .innerJoin(templateSends, eq(templateSends.outboxId, outbox.id))
          .where(eq(outbox.recipient, phone))
          .orderBy(outbox.id);

      it('schedules, reschedules, ignores a replay, and cancels on delete in both zones', async () => {
        await db().execute(sql`update templates set active = false`);
        for (const [i, b] of BRANCHES.entries()) {
          const reminder = await addTemplate(
            b.accId,
            { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
            '{name}, ждём вас {day_month} в {start_time}',
          );
          const dayBefore = await addTemplate(
            b.accId,
            { when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '18:00' },
            'Завтра запись в {start_time}',
          );
          const goodbye = await addTemplate(
            b.accId,
            { when_send: 'after_deletion', when_send2: 0.5 },
            'Запись отменена',
          );
          const phone = `+7 999 555-00-0${i}`;
          const digits = `7999555000${i}`;
          const created = fake.createRecord(b.company, {
            datetime: '2026-12-10T15:00:00',
            client: { id: 500 + i, name: 'Ирина Соколова', phone, email: '' },
            services: [{ id: 1, title: 'Стрижка', cost: 1800, first_cost: 1800, discount: 0, amount: 1 }],
          });
          const id = Number(created.id);
          expect(await webhook(fake.webhookEvent(b.company, 'record', id, 'create'))).toMatchObject({ stored: 1 });

          // 15:00 local is 12:00Z in Moscow and 05:00Z in Vladivostok.
          const startUtc = b.offset === '+03:00' ? '2026-12-10T12:00:00.000Z' : '2026-12-10T05:00:00.000Z';
          const eveningBefore = b.offset === '+03:00' ? '2026-12-09T15:00:00.000Z' : '2026-12-09T08:00:00.000Z';
          let rows = await rowsOf(digits);
          expect(rows.find((r) => r.templateId === reminder)?.notBefore.toISOString()).toBe(
            new Date(Date.parse(startUtc) - 2 * 3_600_000).toISOString(),
          );
          expect(rows.find((r) => r.templateId === reminder)?.body).toBe('Ирина, ждём вас 10 декабря в 15:00');
          expect(rows.find((r) => r.templateId === dayBefore)?.notBefore.toISOString()).toBe(eveningBefore);

          // Moved to 17:30 local: the same pending rows, new times and text.
          now = new Date(now.getTime() + 60_000);
          app.clock.set(now);
          fake.updateRecord(b.company, id, { datetime: '2026-12-10T17:30:00' });
          const moved = fake.webhookEvent(b.company, 'record', id, 'update');
          await webhook(moved);
          const afterMove = await rowsOf(digits);
          expect(afterMove.map((r) => r.id)).toEqual(rows.map((r) => r.id));
          const reminderRow = afterMove.find((r) => r.templateId === reminder)!;
          expect(reminderRow.notBefore.getTime()).toBe(Date.parse(startUtc) + 2.5 * 3_600_000 - 2 * 3_600_000);
          expect(reminderRow.body).toBe('Ирина, ждём вас 10 декабря в 17:30');

          // The same webhook again: stored once, nothing planned twice.
          expect(await webhook(moved)).toMatchObject({ stored: 0, duplicates: 1 });
          expect(await rowsOf(digits)).toEqual(afterMove);

          // Deleted: pending reminders cancelled, the after-deletion message planned 30 min later.
          now = new Date(now.getTime() + 60_000);
          app.clock.set(now);
          fake.deleteRecord(b.company, id);
          await webhook(fake.webhookEvent(b.company, 'record', id, 'delete'));
          rows = await rowsOf(digits);
          expect(rows.filter((r) => r.templateId !== goodbye).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
          expect(rows.find((r) => r.templateId === goodbye)?.notBefore.getTime()).toBe(now.getTime() + 30 * 60_000);
        }
      });

      it('ignores unknown companies and refuses malformed webhooks without storing anything', async () => {
        const before = await db().execute(sql`select count(*)::int as n from crm_events`);
        const unknown = await app.request({
          method: 'POST',
          url: '/api/crm/yclients/webhook',
          body: { company_id: 424242, resource: 'record', resource_id: 1, status: 'create', data: {} },
        });
        expect(unknown.json()).toMatchObject({ ok: true, stored: 0, ignored: 1 });
        const malformed = await app.request({
          method: 'POST',
          url: '/api/crm/yclients/webhook',
          body: { company: 'x' },
        });
        expect(malformed.statusCode).toBe(400);
        const after = await db().execute(sql`select count(*)::int as n from crm_events`);
        expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      });
    });
  }
});
