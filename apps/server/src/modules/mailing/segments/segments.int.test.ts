import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import {
  SEGMENT_ISSUE,
  SEGMENT_STATUS,
  SEGMENTS_PER_BRANCH_MAX,
  type SegmentCondition,
  type SegmentFilters,
  type SegmentListResponse,
  type SegmentSavedResponse,
} from '@salon/contract/mailing-segments';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { crmClients, crmRecords } from '../../../crm/schema.js';
import type { RecordGood, RecordService } from '../../../crm/crm.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { sendoutRecipients, sendouts, sendoutSegments } from '../schema.js';

const { moscow, yekaterinburg, vladivostok } = DEMO_BRANCHES;
type Fail = { ok: false; status: string; detail?: string; issues?: { path: string; code: string }[] };

// The branch's calendar days as Moscow shows them (the demo branch's zone), read without the
// server's zone helpers.
const moscowDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const TODAY = '2026-03-10';

const ALICE = '79990070001';
const BORIS = '79990070002';
const DINA = '79990070003';

// SPEC 3 Segment, SPEC 7 /sendout_segments and /get_clients_from_ycl on the mailing host: the real
// server, the demo branches' local CRM (plus clients and bookings added through LocalCrm), the real
// draft maker. Expected audiences are worked out here from the CRM tables by plain code.
describe.each(DB_KINDS)('CRM segments (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner, '10.70.0.1')).token;
    const local = app.runtime.crm.local;
    await local.createClient(moscow, {
      name: 'Сегмент Алиса',
      phone: ALICE,
      sex: 2,
      birthday: '1996-03-12',
      categories: ['2'],
    });
    await local.createClient(moscow, { name: 'Сегмент Борис', phone: BORIS, sex: 1, birthday: '1960-12-30' });
    await local.createClient(moscow, {
      name: 'Сегмент Дина',
      phone: DINA,
      sex: 2,
      birthday: '1996-03-13',
      categories: ['2'],
    });
    const visit = await local.createRecord(moscow, {
      client: { name: 'Сегмент Алиса', phone: ALICE },
      staffId: '3',
      serviceIds: ['8'],
      goodsIds: ['5'],
      startsAt: new Date('2026-02-15T10:00:00Z'),
    });
    await local.setAttendance(moscow, visit.id, 1);
    await local.createRecord(moscow, {
      client: { name: 'Сегмент Борис', phone: BORIS },
      staffId: '1',
      serviceIds: ['1'],
      startsAt: new Date('2026-03-20T10:00:00Z'),
    });
    const added = await app.request({
      method: 'POST',
      url: `/api/blacklist?acc_id=${moscow}`,
      token: owner,
      body: { action: 'add', phone: DINA },
    });
    expect(added.statusCode, added.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await app.request({ method, url, token: owner, body });
    return { code: res.statusCode, body: res.json<unknown>() };
  };
  const at = (path: string, accId: number) => `/api/mailing${path}${path.includes('?') ? '&' : '?'}acc_id=${accId}`;
  const segmentRows = () => db().select().from(sendoutSegments).orderBy(asc(sendoutSegments.id));
  const query = (name: string, description?: string) =>
    `segment_name=${encodeURIComponent(name)}${description === undefined ? '' : `&segment_description=${encodeURIComponent(description)}`}`;

  describe('saved segments', () => {
    const women: SegmentFilters = { operation: 'AND', conditions: [{ type: 'client', gender: [2] }] };
    const lapsed: SegmentFilters = {
      operation: 'OR',
      conditions: [
        { type: 'record', visit: 'not_visited', period: { from: '2026-01-01', to: null } },
        { type: 'sent_earlier', period: { from: '2026-02-01', to: '2026-02-28' }, got: false },
      ],
    };

    it('adds, lists, changes and deletes a segment of the branch', async () => {
      const created = await call(
        'POST',
        at(`/sendout_segments?${query('  Женщины  ', 'Все клиентки')}`, moscow),
        women,
      );
      expect(created.code, JSON.stringify(created.body)).toBe(200);
      const saved = (created.body as SegmentSavedResponse).data;
      expect(created.body).toMatchObject({ ok: true, status: SEGMENT_STATUS.added });
      expect(saved).toMatchObject({ segment_name: 'Женщины', segment_description: 'Все клиентки', filters: women });
      expect(saved.updated_at).toBe('2026-03-10T09:00:00.000Z');

      const listed = await call('GET', at('/sendout_segments', moscow));
      expect((listed.body as SegmentListResponse).data).toEqual([saved]);

      // Only the filters and the name change; the description stays.
      const changed = await call(
        'PUT',
        at(`/sendout_segments?segment_id=${saved.segment_id}&${query('Ушедшие')}`, moscow),
        lapsed,
      );
      expect(changed.code, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        status: SEGMENT_STATUS.updated,
        data: {
          segment_id: saved.segment_id,
          segment_name: 'Ушедшие',
          segment_description: 'Все клиентки',
          filters: lapsed,
        },
      });

      const removed = await call('DELETE', at(`/sendout_segments?segment_id=${saved.segment_id}`, moscow));
      expect(removed).toEqual({
        code: 200,
        body: { ok: true, status: SEGMENT_STATUS.deleted, segment_id: saved.segment_id },
      });
      expect((await call('GET', at('/sendout_segments', moscow))).body).toEqual({ ok: true, data: [] });
      const again = await call('DELETE', at(`/sendout_segments?segment_id=${saved.segment_id}`, moscow));
      expect(again).toEqual({ code: 404, body: { ok: false, status: SEGMENT_STATUS.notFound } });
    });

    it('keeps another branch’s segment out of reach: 404 and untouched', async () => {
      const created = await call('POST', at(`/sendout_segments?${query('Москва')}`, moscow), women);
      const id = (created.body as SegmentSavedResponse).data.segment_id;
      const before = await segmentRows();

      expect((await call('GET', at('/sendout_segments', yekaterinburg))).body).toEqual({ ok: true, data: [] });
      const put = await call('PUT', at(`/sendout_segments?segment_id=${id}&${query('Чужой')}`, yekaterinburg), lapsed);
      expect(put).toEqual({ code: 404, body: { ok: false, status: SEGMENT_STATUS.notFound } });
      const del = await call('DELETE', at(`/sendout_segments?segment_id=${id}`, yekaterinburg));
      expect(del).toEqual({ code: 404, body: { ok: false, status: SEGMENT_STATUS.notFound } });
      expect(await segmentRows()).toEqual(before);
      // A branch of another network is not the owner's at all.
      const foreign = await call('GET', at('/sendout_segments', DEMO_BRANCHES.sendOut));
      expect(foreign.code).toBe(403);
    });

    it('refuses a missing or long name and broken filters, writing nothing', async () => {
      const before = await segmentRows();
      const noName = await call('POST', at('/sendout_segments?segment_name=%20%20', moscow), women);
      expect(noName.code).toBe(400);
      expect((noName.body as Fail).issues).toEqual([
        { path: 'querystring.segment_name', code: SEGMENT_ISSUE.nameRequired },
      ]);
      const long = await call('POST', at(`/sendout_segments?${query('я'.repeat(256))}`, moscow), women);
      expect((long.body as Fail).issues).toEqual([
        { path: 'querystring.segment_name', code: SEGMENT_ISSUE.nameTooLong },
      ]);
      const reversed = await call('POST', at(`/sendout_segments?${query('Сломанный')}`, moscow), {
        operation: 'AND',
        conditions: [{ type: 'record', recordsCount: { from: 5, to: 1 } }],
      });
      expect(reversed.code).toBe(400);
      expect((reversed.body as Fail).issues).toEqual([
        { path: 'body.conditions.0.recordsCount.to', code: SEGMENT_ISSUE.rangeOrder },
      ]);
      const badDate = await call('POST', at(`/sendout_segments?${query('Сломанный')}`, moscow), {
        operation: 'AND',
        conditions: [{ type: 'sent_earlier', period: { from: '2026-02-30', to: '2026-03-01' }, got: true }],
      });
      expect(badDate.code).toBe(400);
      expect(await segmentRows()).toEqual(before);
    });

    it(`stops at ${SEGMENTS_PER_BRANCH_MAX} segments a branch`, async () => {
      const now = new Date('2026-03-10T09:00:00Z');
      await db()
        .insert(sendoutSegments)
        .values(
          Array.from({ length: SEGMENTS_PER_BRANCH_MAX }, (_, i) => ({
            accId: vladivostok,
            name: `Сегмент ${i}`,
            filters: women,
            createdAt: now,
            updatedAt: now,
          })),
        );
      const refused = await call('POST', at(`/sendout_segments?${query('Лишний')}`, vladivostok), women);
      expect(refused.code).toBe(409);
      expect(refused.body).toMatchObject({ ok: false, status: SEGMENT_STATUS.tooMany });
      const count = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(sendoutSegments)
        .where(eq(sendoutSegments.accId, vladivostok));
      expect(count[0]!.n).toBe(SEGMENTS_PER_BRANCH_MAX);
    });
  });

  describe('clients from the local CRM', () => {
    // --- The expected audience, from the tables ---
    type Range = { from?: number | string | null; to?: number | string | null } | null | undefined;
    const inRange = (value: number | string, range: Range) =>
      !range || ((range.from == null || value >= range.from) && (range.to == null || value <= range.to));
    const monthDaysBetween = (from: string, to: string) => {
      const days = new Set<string>();
      for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
        days.add(d.toISOString().slice(5, 10));
      }
      return days;
    };
    const ageOn = (birthday: string, today: string) =>
      Number(today.slice(0, 4)) - Number(birthday.slice(0, 4)) - (today.slice(5) < birthday.slice(5) ? 1 : 0);

    async function expectedPhones(filters: SegmentFilters): Promise<string[]> {
      const clients = await db().select().from(crmClients).where(eq(crmClients.accId, moscow));
      const records = (await db().select().from(crmRecords).where(eq(crmRecords.accId, moscow))).filter(
        (r) => !r.deleted,
      );
      const sent = await db()
        .select({ phone: sendoutRecipients.phone, sentAt: sendoutRecipients.sentAt })
        .from(sendoutRecipients)
        .where(and(eq(sendoutRecipients.accId, moscow), sql`${sendoutRecipients.sentAt} is not null`));
      const blacklisted = new Set([DINA]);

      const test = (client: (typeof clients)[number], c: SegmentCondition): boolean => {
        const own = records.filter((r) => r.clientId === client.id);
        if (c.type === 'client') {
          if (c.gender?.length && !c.gender.includes(client.sex as 0 | 1 | 2)) return false;
          if (c.clientCategory) {
            const overlap = client.categories.some((x) => c.clientCategory!.ids.includes(x));
            if (overlap !== (c.clientCategory.mode === 'include')) return false;
          }
          if (c.birthdayPeriod) {
            if (!client.birthday) return false;
            if (!monthDaysBetween(c.birthdayPeriod.from, c.birthdayPeriod.to).has(client.birthday.slice(5)))
              return false;
          }
          if (c.agePeriod && (c.agePeriod.from != null || c.agePeriod.to != null)) {
            if (!client.birthday || !inRange(ageOn(client.birthday, TODAY), c.agePeriod)) return false;
          }
          if (c.isGotSendOuts != null && sent.some((s) => s.phone === client.phone) !== c.isGotSendOuts) return false;
          return true;
        }
        if (c.type === 'record') {
          const chosen = own.filter((r) => {
            const services = r.services as RecordService[];
            if (c.staff?.length && !c.staff.includes(r.staffId ?? '')) return false;
            if (c.services?.length && !services.some((s) => c.services!.includes(s.id))) return false;
            if (c.serviceCategories?.length && !services.some((s) => c.serviceCategories!.includes(s.categoryId ?? '')))
              return false;
            if (!inRange(moscowDay(r.startsAt), c.period)) return false;
            if ((c.visit === 'visited' || c.visit === 'not_visited') && r.attendance !== 1) return false;
            return true;
          });
          const amount = chosen.reduce((sum, r) => sum + r.cost, 0);
          const zeroAsked = c.recordsCount?.from === 0;
          const found =
            (chosen.length > 0 || zeroAsked) && inRange(chosen.length, c.recordsCount) && inRange(amount, c.soldAmount);
          return c.visit === 'not_visited' ? !found : found;
        }
        if (c.type === 'sale') {
          if (c.certificates || c.subscriptions) return false;
          return own.some(
            (r) =>
              (r.attendance === 1 || r.paid) &&
              (r.goods as RecordGood[]).length > 0 &&
              (!c.goods?.length || (r.goods as RecordGood[]).some((g) => c.goods!.includes(g.id))) &&
              inRange(moscowDay(r.startsAt), c.saleDate),
          );
        }
        const got = sent.some(
          (s) => s.phone === client.phone && inRange(moscowDay(s.sentAt!), { from: c.period.from, to: c.period.to }),
        );
        return got === c.got;
      };
      return clients
        .filter((client) =>
          filters.conditions.length === 0
            ? true
            : filters.operation === 'AND'
              ? filters.conditions.every((c) => test(client, c))
              : filters.conditions.some((c) => test(client, c)),
        )
        .map((client) => client.phone)
        .filter((phone) => !blacklisted.has(phone))
        .sort();
    }

    const fetchClients = (filters: SegmentFilters, loyalty: string | null = null) =>
      call('POST', at('/get_clients_from_ycl', moscow), {
        operation: filters.operation,
        loyalty_action_id: loyalty,
        filters: filters.conditions,
      });
    const draftPhones = async (sendoutId: string) =>
      (
        await db()
          .select({ phone: sendoutRecipients.phone })
          .from(sendoutRecipients)
          .where(eq(sendoutRecipients.sendoutId, sendoutId))
          .orderBy(asc(sendoutRecipients.position))
      ).map((r) => r.phone);

    // The draft holds exactly the expected clients (none twice); an empty audience is 'Нет контактов'.
    async function expectAudience(filters: SegmentFilters): Promise<string[]> {
      const expected = await expectedPhones(filters);
      const res = await fetchClients(filters);
      if (expected.length === 0) {
        expect(res, JSON.stringify(filters)).toMatchObject({
          code: 400,
          body: { detail: CLIENT_LIST_STATUS.noContacts },
        });
        return [];
      }
      expect(res.code, `${JSON.stringify(filters)} → ${JSON.stringify(res.body)}`).toBe(200);
      const phones = await draftPhones((res.body as ParsedClientFile).sendout_id);
      expect([...phones].sort(), JSON.stringify(filters)).toEqual(expected);
      expect((res.body as ParsedClientFile).count).toBe(expected.length);
      return expected;
    }

    it('hands the matching clients to the draft maker as a CRM draft with the report and the loyalty action', async () => {
      const filters: SegmentFilters = {
        operation: 'AND',
        conditions: [{ type: 'client', agePeriod: { from: 29, to: 29 } }],
      };
      const expected = await expectedPhones(filters);
      expect(expected).toContain(ALICE);
      expect(expected).not.toContain(DINA);
      const res = await fetchClients(filters, 'la-42');
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      const answer = res.body as ParsedClientFile;
      expect(answer.keys).toEqual(['name', 'phone']);
      expect(answer.count).toBe(expected.length);
      // Dina is 29 too, but blacklisted: a row, not a recipient.
      expect(answer.report).toEqual({
        rows: expected.length + 1,
        clients: expected.length,
        duplicates: 0,
        blacklisted: 1,
        invalid: 0,
        empty: 0,
      });
      const [draft] = await db().select().from(sendouts).where(eq(sendouts.id, answer.sendout_id));
      expect(draft).toMatchObject({
        accId: moscow,
        status: 'draft',
        source: 'crm',
        keys: ['name', 'phone'],
        parsedCount: expected.length,
        loyaltyActionId: 'la-42',
        createdBy: DEMO_USERS.owner,
      });
      const [alice] = await db()
        .select()
        .from(sendoutRecipients)
        .where(and(eq(sendoutRecipients.sendoutId, answer.sendout_id), eq(sendoutRecipients.phone, ALICE)));
      expect(alice).toMatchObject({ name: 'Сегмент Алиса', visits: 1, lastVisitAt: new Date('2026-02-15T10:00:00Z') });
    });

    it('selects by every client field', async () => {
      const cases: SegmentCondition[] = [
        { type: 'client', gender: [1] },
        { type: 'client', gender: [2, 0] },
        { type: 'client', clientCategory: { mode: 'include', ids: ['2'] } },
        { type: 'client', clientCategory: { mode: 'exclude', ids: ['3', '2'] } },
        { type: 'client', birthdayPeriod: { from: '2026-03-01', to: '2026-05-31' } },
        // Across New Year.
        { type: 'client', birthdayPeriod: { from: '2026-11-15', to: '2027-02-15' } },
        { type: 'client', agePeriod: { from: 25, to: 35 } },
        { type: 'client', agePeriod: { from: 50, to: null } },
      ];
      for (const condition of cases) {
        const audience = await expectAudience({ operation: 'AND', conditions: [condition] });
        expect(audience.length, JSON.stringify(condition)).toBeGreaterThan(0);
      }
      expect(
        await expectAudience({
          operation: 'AND',
          conditions: [{ type: 'client', birthdayPeriod: { from: '2026-12-25', to: '2027-01-05' } }],
        }),
      ).toContain(BORIS);
    });

    it('selects by bookings: staff, services, categories, period, counts, amounts, visit and no visit', async () => {
      const cases: SegmentCondition[] = [
        { type: 'record', staff: ['1', '2'] },
        { type: 'record', services: ['8', '9'] },
        { type: 'record', serviceCategories: ['3'] },
        { type: 'record', period: { from: '2026-03-01', to: '2026-03-09' } },
        { type: 'record', visit: 'visited', recordsCount: { from: 2, to: null } },
        { type: 'record', visit: 'not_visited', period: { from: '2026-02-20', to: null } },
        { type: 'record', soldAmount: { from: 5000, to: null } },
        { type: 'record', visit: 'visited', soldAmount: { from: null, to: 2000 } },
        // No bookings at all.
        { type: 'record', recordsCount: { from: 0, to: 0 } },
        { type: 'record' },
      ];
      for (const condition of cases) {
        const audience = await expectAudience({ operation: 'AND', conditions: [condition] });
        expect(audience.length, JSON.stringify(condition)).toBeGreaterThan(0);
      }
      const manicure = await expectAudience({
        operation: 'AND',
        conditions: [
          {
            type: 'record',
            serviceCategories: ['3'],
            visit: 'visited',
            period: { from: '2026-02-15', to: '2026-02-15' },
          },
        ],
      });
      expect(manicure).toContain(ALICE);
      const future = await expectAudience({
        operation: 'AND',
        conditions: [{ type: 'record', staff: ['1'], period: { from: '2026-03-20', to: null } }],
      });
      expect(future).toContain(BORIS);
      expect(future).not.toContain(ALICE);
    });

    it('selects by goods sold, and finds nobody for certificates and subscriptions (the local CRM has none)', async () => {
      const anyGoods = await expectAudience({ operation: 'AND', conditions: [{ type: 'sale' }] });
      expect(anyGoods).toContain(ALICE);
      const cream = await expectAudience({
        operation: 'AND',
        conditions: [{ type: 'sale', goods: ['5'], saleDate: { from: '2026-02-15', to: '2026-02-15' } }],
      });
      expect(cream).toContain(ALICE);
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(sendouts);
      for (const sale of [
        { type: 'sale', certificates: { used: true } },
        { type: 'sale', subscriptions: { statuses: ['activated'] } },
      ] as SegmentCondition[]) {
        const res = await fetchClients({ operation: 'AND', conditions: [sale] });
        expect(res).toEqual({
          code: 400,
          body: { ok: false, status: CLIENT_LIST_STATUS.noContacts, detail: CLIENT_LIST_STATUS.noContacts },
        });
      }
      expect(
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(sendouts),
      ).toEqual(before);
    });

    it('joins conditions with AND and OR, and takes every client without conditions', async () => {
      const mixed: SegmentCondition[] = [
        { type: 'client', gender: [2] },
        { type: 'record', visit: 'visited' },
        { type: 'record', serviceCategories: ['5'] },
      ];
      const and = await expectAudience({ operation: 'AND', conditions: mixed });
      const or = await expectAudience({ operation: 'OR', conditions: mixed });
      expect(and.length).toBeGreaterThan(0);
      expect(or.length).toBeGreaterThan(and.length);
      const everyone = await expectAudience({ operation: 'AND', conditions: [] });
      const all = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(crmClients)
        .where(eq(crmClients.accId, moscow));
      expect(everyone).toHaveLength(all[0]!.n - 1);
    });

    it('selects by send-outs the client got, on the branch’s calendar days', async () => {
      // A draft of Alice and Boris whose message to Alice left at 01:30 Moscow time on 2 March.
      const res = await fetchClients({
        operation: 'AND',
        conditions: [{ type: 'client', birthdayPeriod: { from: '2026-03-12', to: '2026-12-30' } }, { type: 'record' }],
      });
      const sendoutId = (res.body as ParsedClientFile).sendout_id;
      expect(await draftPhones(sendoutId)).toEqual(expect.arrayContaining([ALICE, BORIS]));
      await db()
        .update(sendoutRecipients)
        .set({ sentAt: new Date('2026-03-01T22:30:00Z') })
        .where(and(eq(sendoutRecipients.sendoutId, sendoutId), eq(sendoutRecipients.phone, ALICE)));

      const gotOn = (from: string, to: string): SegmentFilters => ({
        operation: 'AND',
        conditions: [{ type: 'sent_earlier', period: { from, to }, got: true }],
      });
      expect(await expectAudience(gotOn('2026-03-02', '2026-03-02'))).toEqual([ALICE]);
      await expectAudience(gotOn('2026-03-01', '2026-03-01'));
      expect((await fetchClients(gotOn('2026-03-01', '2026-03-01'))).code).toBe(400);
      const notGot = await expectAudience({
        operation: 'AND',
        conditions: [{ type: 'sent_earlier', period: { from: '2026-03-01', to: '2026-03-05' }, got: false }],
      });
      expect(notGot).not.toContain(ALICE);
      expect(notGot).toContain(BORIS);
      expect(
        await expectAudience({ operation: 'AND', conditions: [{ type: 'client', gender: [2], isGotSendOuts: true }] }),
      ).toEqual([ALICE]);
      const never = await expectAudience({ operation: 'AND', conditions: [{ type: 'client', isGotSendOuts: false }] });
      expect(never).not.toContain(ALICE);
      // OR: a send-out check with a CRM condition, each its own search.
      const either = await expectAudience({
        operation: 'OR',
        conditions: [
          { type: 'sent_earlier', period: { from: '2026-03-02', to: '2026-03-02' }, got: true },
          { type: 'record', staff: ['1'], period: { from: '2026-03-20', to: null } },
        ],
      });
      expect(either).toEqual(expect.arrayContaining([ALICE, BORIS]));
    });

    it('refuses a body without operation or with broken filters', async () => {
      const res = await call('POST', at('/get_clients_from_ycl', moscow), { filters: [] });
      expect(res.code).toBe(400);
      expect((res.body as Fail).issues?.[0]?.path).toBe('body.operation');
      const reversed = await call('POST', at('/get_clients_from_ycl', moscow), {
        operation: 'AND',
        filters: [{ type: 'client', agePeriod: { from: 40, to: 20 } }],
      });
      expect((reversed.body as Fail).issues).toEqual([
        { path: 'body.filters.0.agePeriod.to', code: SEGMENT_ISSUE.rangeOrder },
      ]);
    });
  });
});
