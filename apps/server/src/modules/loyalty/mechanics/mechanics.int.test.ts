import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../../channels/schema.js';
import { crmServices, crmStaff } from '../../../crm/schema.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { insertLaunchedSendout } from '../../../test-support/mailing/sendout-fixtures.js';
import { insertTemplate } from '../../../test-support/templates/engine-fixtures.js';
import { sendouts } from '../../mailing/schema.js';
import { loyaltyActions, loyaltyInvites, loyaltyLedger, loyaltyPushes, loyaltyReferrals } from '../schema.js';

const ACC = DEMO_BRANCHES.moscow;
const HOUR = 3_600_000;

// The mechanics over the real server on a real database: invite links, the friend's page, visits
// booked, marked "came" and paid in the local CRM, the ledger and its pushes to the local CRM.
describe.each(DB_KINDS)('invite-a-friend mechanics (%s)', (kind) => {
  let app: TestApp;
  let staffId: string;
  let serviceId: string;
  let servicePrice: number;
  let seq = 0;
  const db = () => app.runtime.database.db;
  const mechanics = () => app.runtime.loyalty.mechanics;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://salon.test' });
    const [staff] = await db().select({ id: crmStaff.id }).from(crmStaff).where(eq(crmStaff.accId, ACC)).limit(1);
    const [service] = await db()
      .select({ id: crmServices.id, price: crmServices.priceMin })
      .from(crmServices)
      .where(and(eq(crmServices.accId, ACC), sql`${crmServices.priceMin} > 0`))
      .limit(1);
    staffId = staff!.id;
    serviceId = service!.id;
    servicePrice = service!.price;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-12-09T10:00:00Z');
    await db().execute(sql`update templates set active = false`);
  });

  const nextPhone = () => `7995770${String(++seq).padStart(4, '0')}`;

  async function addAction(fields: Partial<typeof loyaltyActions.$inferInsert> = {}): Promise<number> {
    const now = app.clock.now();
    const [row] = await db()
      .insert(loyaltyActions)
      .values({
        accId: ACC,
        title: 'Приведи друга',
        active: true,
        bonusType: 'first_visit',
        cardTypeId: '1',
        cardTypeTitle: 'Бонусы',
        loyaltyPoints: 500,
        newCustomerPoints: 300,
        rangeTo: 1,
        monthlyLimit: 10,
        createdAt: now,
        updatedAt: now,
        firstActivatedAt: now,
        ...fields,
      })
      .returning({ id: loyaltyActions.id });
    return row!.id;
  }

  const linkOf = (actionId: number, phone: string, name = 'Анна Петрова') =>
    mechanics().links.partnerLink({ accId: ACC, actionId, phone, name });
  const codeOf = (link: string) => link.split('/').at(-1)!;

  function post(code: string, body: string | object, headers: Record<string, string> = {}) {
    const form = typeof body === 'string';
    return app.runtime.http!.inject({
      method: 'POST',
      url: `/api/invite/${code}`,
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
      payload: form ? body : JSON.stringify(body),
    });
  }

  // A parent with a link, and a friend who signed up through it.
  async function invited(actionId: number, parent = nextPhone()) {
    const friend = nextPhone();
    const link = await linkOf(actionId, parent);
    const answer = await post(codeOf(link), { name: 'Ольга', phone: `+${friend}` });
    expect(answer.statusCode).toBe(200);
    return { parent, friend, link };
  }

  // A visit of the client this morning: booked, marked "came", paid (all through the local CRM).
  async function paidVisit(phone: string, options: { pay?: boolean } = {}) {
    const { local, processor } = app.runtime.crm;
    const record = await local.createRecord(ACC, {
      client: { name: 'Ольга Смирнова', phone },
      staffId,
      serviceIds: [serviceId],
      startsAt: new Date(app.clock.now().getTime() - 3 * HOUR),
      lengthSec: 3600,
    });
    await local.setAttendance(ACC, record.id, 1);
    if (options.pay !== false) await local.pay(ACC, record.id);
    await processor.processPending();
    return record;
  }

  const ledgerOf = (referralPhone: string) =>
    db()
      .select({
        recordId: loyaltyLedger.recordId,
        beneficiary: loyaltyLedger.beneficiary,
        kind: loyaltyLedger.kind,
        amount: loyaltyLedger.amount,
        visit: loyaltyLedger.visitNumber,
        paid: loyaltyLedger.paidAmount,
      })
      .from(loyaltyLedger)
      .innerJoin(loyaltyReferrals, eq(loyaltyReferrals.id, loyaltyLedger.referralId))
      .where(eq(loyaltyReferrals.childPhone, referralPhone))
      .orderBy(asc(loyaltyLedger.id));
  const referralOf = async (phone: string) =>
    (await db().select().from(loyaltyReferrals).where(eq(loyaltyReferrals.childPhone, phone)))[0];

  describe('invite links', () => {
    it('one stable link per action and phone, also when asked at once; none for an action that does not run', async () => {
      const action = await addAction();
      const phone = nextPhone();
      const [a, b, c] = await Promise.all([linkOf(action, phone), linkOf(action, `+${phone}`), linkOf(action, phone)]);
      expect(a).toMatch(/^https:\/\/salon\.test\/api\/invite\/[A-Za-z0-9_-]{10,}$/);
      expect(new Set([a, b, c]).size).toBe(1);
      expect(await db().select().from(loyaltyInvites).where(eq(loyaltyInvites.parentPhone, phone))).toHaveLength(1);
      expect(await linkOf(action, nextPhone())).not.toBe(a);

      expect(await linkOf(action, '')).toBe('');
      expect(await linkOf(999_999, phone)).toBe('');
      const off = await addAction({ active: false });
      expect(await linkOf(off, phone)).toBe('');
      const deleted = await addAction({ deletedAt: app.clock.now() });
      expect(await linkOf(deleted, phone)).toBe('');
    });
  });

  describe('the invite page', () => {
    it('shows the salon and the offer with a form; unknown or stopped invitations are 404 in RU or EN', async () => {
      const action = await addAction({ newCustomerPoints: 300 });
      const code = codeOf(await linkOf(action, nextPhone()));
      const page = await app.runtime.http!.inject({ method: 'GET', url: `/api/invite/${code}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('300 бонусов');
      expect(page.body).toContain(`action="/api/invite/${code}"`);
      expect(page.body).toContain('name="phone"');
      expect(page.body).not.toContain('<script');

      const unknown = await app.runtime.http!.inject({ method: 'GET', url: '/api/invite/nosuchcode1234' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Приглашение не действует');
      const english = await app.runtime.http!.inject({
        method: 'GET',
        url: '/api/invite/bad',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(english.statusCode).toBe(404);
      expect(english.body).toContain('The invitation is not valid');

      await db().update(loyaltyActions).set({ active: false }).where(eq(loyaltyActions.id, action));
      const stopped = await app.runtime.http!.inject({ method: 'GET', url: `/api/invite/${code}` });
      expect(stopped.statusCode).toBe(404);
      expect((await post(code, { name: 'Ольга', phone: `+${nextPhone()}` })).statusCode).toBe(404);
    });

    it('escapes what it shows', async () => {
      const action = await addAction();
      const code = codeOf(await linkOf(action, nextPhone()));
      const answer = await post(code, 'name=%3Cb%3E&phone=abc');
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('&#60;b&#62;');
      expect(answer.body).not.toContain('<b>');
    });

    it('a form post attributes the friend once, tells the admins, and bad input saves nothing', async () => {
      const action = await addAction();
      const parent = nextPhone();
      const code = codeOf(await linkOf(action, parent, 'Анна Петрова'));
      const friend = nextPhone();

      for (const bad of [
        'name=&phone=79990001122',
        'name=Оля&phone=12',
        'name=Оля&phone=%2B7%20abc',
        'phone=79990001122',
      ]) {
        const answer = await post(code, bad);
        expect(answer.statusCode).toBe(400);
        expect(answer.headers['content-type']).toContain('text/html');
      }
      expect((await post(code, `name=${'x'.repeat(5000)}&phone=${friend}`)).statusCode).toBe(413);
      expect(await db().select().from(loyaltyReferrals).where(eq(loyaltyReferrals.parentPhone, parent))).toEqual([]);

      const thanks = await post(
        code,
        `name=${encodeURIComponent('Ольга')}&phone=${encodeURIComponent(`8 ${friend.slice(1)}`)}`,
      );
      expect(thanks.statusCode).toBe(200);
      expect(thanks.body).toContain('Спасибо');
      expect(await referralOf(friend)).toMatchObject({
        actionId: action,
        parentPhone: parent,
        childName: 'Ольга',
        status: 'attributed',
        rejectReason: null,
      });
      // A second signup (another parent's link too) keeps the first attribution.
      const other = codeOf(await linkOf(action, nextPhone()));
      const again = await post(other, { name: 'Ольга 2', phone: `+${friend}` });
      expect(again.statusCode).toBe(200);
      expect(await referralOf(friend)).toMatchObject({ parentPhone: parent, childName: 'Ольга' });

      // A script posting from one address is stopped (10 an hour per link and address).
      let answer = await post(code, { name: 'Бот', phone: `+${nextPhone()}` }, {});
      for (let i = 0; i < 10 && answer.statusCode === 200; i++) {
        answer = await post(code, { name: 'Бот', phone: `+${nextPhone()}` });
      }
      expect(answer.statusCode).toBe(429);
      expect(answer.body).toContain('Слишком много заявок');

      // No bot token: the admin bot's messages land in DATA_DIR/bot-outbox (the owner is 111111).
      const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
      const notes = await Promise.all(
        (await readdir(dir)).filter((f) => f.includes('-111111-')).map((f) => readFile(path.join(dir, f), 'utf8')),
      );
      expect(notes).toContain(`Новый друг по приглашению: Ольга, +${friend} (пригласил(а) Анна Петрова)`);
    });

    it('self-referral and an existing client are kept with their reason and earn nothing', async () => {
      const action = await addAction();
      const parent = nextPhone();
      const code = codeOf(await linkOf(action, parent));
      const self = await post(code, { name: 'Я сама', phone: `+${parent}` });
      expect(self.statusCode).toBe(200);
      expect(self.body).toContain('Нельзя пригласить самого себя');
      expect(await referralOf(parent)).toMatchObject({ status: 'rejected', rejectReason: 'self_referral' });

      const known = nextPhone();
      await app.runtime.crm.local.createClient(ACC, { name: 'Давняя клиентка', phone: known });
      app.clock.advance(60_000);
      const existing = await post(code, { name: 'Давняя клиентка', phone: known });
      expect(existing.body).toContain('уже клиент салона');
      expect(await referralOf(known)).toMatchObject({ status: 'rejected', rejectReason: 'existing_client' });

      await paidVisit(parent);
      await paidVisit(known);
      expect(await ledgerOf(parent)).toEqual([]);
      expect(await ledgerOf(known)).toEqual([]);
    });
  });

  describe('the ledger', () => {
    it('first visit: pays both once, however often and however concurrently the change comes', async () => {
      const action = await addAction({ loyaltyPoints: 500, newCustomerPoints: 300 });
      const { parent, friend } = await invited(action);
      const record = await paidVisit(friend, { pay: false });
      // Paid, but the inbox has not run yet: two workers hand the same change over at once.
      await app.runtime.crm.local.pay(ACC, record.id);
      const stored = (await app.runtime.crm.repo.record(ACC, record.id))!;
      const change = { accId: ACC, eventId: 0, recordId: record.id, kinds: ['record_paid' as const], record: stored };
      await Promise.all([mechanics().recordChanged(change), mechanics().recordChanged(change)]);
      await app.runtime.crm.processor.processPending();
      await mechanics().recordChanged(change);

      expect(await ledgerOf(friend)).toEqual([
        { recordId: record.id, beneficiary: 'parent', kind: 'accrual', amount: 500, visit: 1, paid: servicePrice },
        { recordId: record.id, beneficiary: 'child', kind: 'accrual', amount: 300, visit: 1, paid: servicePrice },
      ]);
      expect((await referralOf(friend))?.firstPaidAt).toEqual(app.clock.now());
      // A second paid visit earns nothing under first_visit.
      await paidVisit(friend);
      expect(await ledgerOf(friend)).toHaveLength(2);

      // The pushes reach the local CRM's balances (creating the parent, who had no card there).
      await mechanics().pushPending();
      expect((await app.runtime.crm.repo.clientByPhone(ACC, parent))?.bonusBalance).toBe(500);
      expect((await app.runtime.crm.repo.clientByPhone(ACC, friend))?.bonusBalance).toBe(300);
      const pushes = await db()
        .select({ status: loyaltyPushes.status })
        .from(loyaltyPushes)
        .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyPushes.entryId))
        .where(eq(loyaltyLedger.recordId, record.id));
      expect(pushes.map((p) => p.status)).toEqual(['pushed', 'pushed']);
      // Nothing is pushed twice.
      await mechanics().pushPending();
      expect((await app.runtime.crm.repo.clientByPhone(ACC, parent))?.bonusBalance).toBe(500);
    });

    it('two paid visits of one friend handed over at once: only one of them is the first visit', async () => {
      const action = await addAction({ loyaltyPoints: 500, newCustomerPoints: 300 });
      const { friend } = await invited(action);
      const a = await paidVisit(friend, { pay: false });
      const b = await paidVisit(friend, { pay: false });
      await app.runtime.crm.local.pay(ACC, a.id);
      await app.runtime.crm.local.pay(ACC, b.id);
      const changeOf = async (id: string) => ({
        accId: ACC,
        eventId: 0,
        recordId: id,
        kinds: ['record_paid' as const],
        record: (await app.runtime.crm.repo.record(ACC, id))!,
      });
      const [ca, cb] = await Promise.all([changeOf(a.id), changeOf(b.id)]);
      await Promise.all([mechanics().recordChanged(ca), mechanics().recordChanged(cb), mechanics().recordChanged(ca)]);
      await app.runtime.crm.processor.processPending();
      const entries = await ledgerOf(friend);
      expect(entries.map((e) => [e.beneficiary, e.visit])).toEqual([
        ['parent', 1],
        ['child', 1],
      ]);
      expect(new Set(entries.map((e) => e.recordId)).size).toBe(1);
    });

    it('a cancelled paid visit is taken back once per beneficiary, and the balances follow', async () => {
      const action = await addAction({ loyaltyPoints: 200, newCustomerPoints: 100 });
      const { parent, friend } = await invited(action);
      const record = await paidVisit(friend);
      await mechanics().pushPending();

      await app.runtime.crm.local.cancel(ACC, record.id);
      await app.runtime.crm.processor.processPending();
      const stored = (await app.runtime.crm.repo.record(ACC, record.id))!;
      const change = { accId: ACC, eventId: 0, recordId: record.id, kinds: [], record: stored };
      await Promise.all([mechanics().recordChanged(change), mechanics().recordChanged(change)]);

      expect((await ledgerOf(friend)).map((e) => [e.beneficiary, e.kind, e.amount])).toEqual([
        ['parent', 'accrual', 200],
        ['child', 'accrual', 100],
        ['parent', 'reversal', -200],
        ['child', 'reversal', -100],
      ]);
      await mechanics().pushPending();
      expect((await app.runtime.crm.repo.clientByPhone(ACC, parent))?.bonusBalance).toBe(0);
      expect((await app.runtime.crm.repo.clientByPhone(ACC, friend))?.bonusBalance).toBe(0);
    });

    it('percents: the parent earns the percent of visits 1…range_to, the friend their points on the first', async () => {
      const action = await addAction({
        bonusType: 'percents',
        loyaltyPoints: null,
        interest: 10,
        rangeTo: 2,
        newCustomerPoints: 150,
      });
      const { friend } = await invited(action);
      const first = await paidVisit(friend);
      const second = await paidVisit(friend);
      const third = await paidVisit(friend);
      const percent = Math.round(servicePrice / 10);
      expect((await ledgerOf(friend)).map((e) => [e.recordId, e.beneficiary, e.amount, e.visit])).toEqual([
        [first.id, 'parent', percent, 1],
        [first.id, 'child', 150, 1],
        [second.id, 'parent', percent, 2],
      ]);
      expect(third.id).not.toBe(second.id);
    });

    it('an action that stopped pays nothing, but what it paid is still taken back', async () => {
      const action = await addAction();
      const { friend } = await invited(action);
      const other = await invited(action);
      const paid = await paidVisit(friend);
      await db().update(loyaltyActions).set({ active: false }).where(eq(loyaltyActions.id, action));
      await paidVisit(other.friend);
      expect(await ledgerOf(other.friend)).toEqual([]);
      await app.runtime.crm.local.cancel(ACC, paid.id);
      await app.runtime.crm.processor.processPending();
      expect((await ledgerOf(friend)).filter((e) => e.kind === 'reversal')).toHaveLength(2);
    });

    it('monthly limit: past the limit of friends a month the parent is not paid and the reason is kept', async () => {
      const action = await addAction({ monthlyLimit: 1 });
      const parent = nextPhone();
      const one = await invited(action, parent);
      const two = await invited(action, parent);
      await paidVisit(one.friend);
      await paidVisit(two.friend);
      expect(await ledgerOf(one.friend)).toHaveLength(2);
      expect(await ledgerOf(two.friend)).toEqual([]);
      expect(await referralOf(two.friend)).toMatchObject({ status: 'rejected', rejectReason: 'monthly_limit' });

      // Next month the parent is paid again for a new friend.
      app.clock.set('2027-01-02T10:00:00Z');
      const three = await invited(action, parent);
      await paidVisit(three.friend);
      expect(await ledgerOf(three.friend)).toHaveLength(2);
    });
  });

  describe('{partner_link} and the bonus variables', () => {
    it('a template that offers the action shows the client’s own link; a paid-visit message shows the bonus', async () => {
      const action = await addAction({ newCustomerPoints: 300 });
      await insertTemplate(
        db(),
        ACC,
        { when_send: 'event', when_send2: 'record_create', attendance: [], loyalty_action_id: action },
        'Приглашайте друзей: {partner_link}',
        app.clock.now(),
        't-partner',
      );
      await insertTemplate(
        db(),
        ACC,
        { when_send: 'event', when_send2: 'record_paid', attendance: [] },
        'Начислено {bonus_add} бонусов, списано {bonus_withdraw}',
        app.clock.now(),
        't-bonus',
      );
      const { friend } = await invited(action);
      await paidVisit(friend);
      const rows = await db()
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, friend), eq(outbox.source, 'template')))
        .orderBy(asc(outbox.id));
      const link = await linkOf(action, friend);
      expect(link).toMatch(/^https:\/\/salon\.test\/api\/invite\//);
      expect(rows.map((r) => r.body)).toEqual([`Приглашайте друзей: ${link}`, 'Начислено 300 бонусов, списано 0']);
    });

    it('a send-out that offers the action gives each recipient their own link', async () => {
      const action = await addAction();
      const now = app.clock.now();
      const instance = await app.runtime.channels.repo.ensureInstance(ACC, 'whatsapp', 'sandbox', now);
      await db().execute(sql`update channel_instances set status = 'authenticated' where id = ${instance.id}`);
      const launched = await insertLaunchedSendout(db(), {
        accId: ACC,
        count: 2,
        batchLen: 100,
        betweenTime: 60,
        start: now,
        timeZone: 'Europe/Moscow',
        now,
        phonePrefix: '799588',
        text: '{name}, приглашайте друзей: {partner_link}',
      });
      await db()
        .update(sendouts)
        .set({ loyaltyActionId: String(action) })
        .where(eq(sendouts.id, launched.id));
      await app.runtime.sendouts.sender.pass(now);
      const rows = await db()
        .select({ recipient: outbox.recipient, body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.source, 'sendout'), like(outbox.recipient, '799588%')))
        .orderBy(asc(outbox.recipient));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        const link = await linkOf(action, row.recipient);
        expect(row.body).toBe(`Клиент${launched.phones.indexOf(row.recipient)}, приглашайте друзей: ${link}`);
      }
      expect(rows[0]!.body).not.toBe(rows[1]!.body);
    });
  });
});
