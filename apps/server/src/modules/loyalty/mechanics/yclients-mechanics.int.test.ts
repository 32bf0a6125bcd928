import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../../platform/crypto.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { loyaltyActions, loyaltyLedger, loyaltyPushes } from '../schema.js';
import { PUSH_MAX_ATTEMPTS } from './pushes.js';

const KEY_HEX = 'cd'.repeat(32);
const ACC = DEMO_BRANCHES.moscow;
const COMPANY = 9201;
const GROUP = 145071;
const CARD_TYPE = 8230;

// A branch on YCLIENTS (played by the fake over real HTTP): a friend's paid visit arrives as a
// webhook, the ledger pays, and the pushes land on the clients' loyalty cards there.
describe.each(DB_KINDS)('invite-a-friend on YCLIENTS (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeYclients;
  let seq = 0;
  const db = () => app.runtime.database.db;
  const mechanics = () => app.runtime.loyalty.mechanics;
  const nextPhone = () => `7995660${String(++seq).padStart(4, '0')}`;

  beforeAll(async () => {
    const now = new Date('2026-12-09T10:00:00Z');
    fake = await startFakeYclients({ now: () => now });
    app = await startTestApp(kind, {
      YCLIENTS_PARTNER_TOKEN: fake.partnerToken,
      YCLIENTS_API_URL: fake.baseUrl,
      ENCRYPTION_KEY: KEY_HEX,
      PUBLIC_URL: 'https://salon.test',
    });
    app.clock.set(now);
    fake.addCompany({ id: COMPANY, userToken: 'user-msk', timezone: 'Europe/Moscow', offset: '+03:00' });
    fake.setReference(COMPANY, 'loyalty_card_types', [{ id: CARD_TYPE, title: 'Друзья', salon_group_id: GROUP }]);
    await app.runtime.crm.repo.saveConnection({
      accId: ACC,
      kind: 'yclients',
      companyId: COMPANY,
      userToken: seal(Buffer.from(KEY_HEX, 'hex'), 'user-msk'),
      pollCursor: null,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function addAction(): Promise<number> {
    const now = app.clock.now();
    const [row] = await db()
      .insert(loyaltyActions)
      .values({
        accId: ACC,
        title: 'Приведи друга',
        active: true,
        bonusType: 'first_visit',
        cardTypeId: String(CARD_TYPE),
        cardTypeTitle: 'Друзья',
        cardTypeGroupId: String(GROUP),
        loyaltyPoints: 700,
        newCustomerPoints: 250,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: loyaltyActions.id });
    return row!.id;
  }

  async function invitedAndPaid(actionId: number) {
    const parent = nextPhone();
    const friend = nextPhone();
    const link = await mechanics().links.partnerLink({ accId: ACC, actionId, phone: parent, name: 'Анна' });
    const signup = await app.request({
      method: 'POST',
      url: `/api/invite/${link.split('/').at(-1)}`,
      body: { name: 'Ольга', phone: `+${friend}` },
    });
    expect(signup.statusCode).toBe(200);
    const record = fake.createRecord(COMPANY, {
      datetime: '2026-12-09T11:00:00',
      client: { id: 700 + seq, name: 'Ольга', phone: `+${friend}`, email: '' },
      services: [{ id: 1, title: 'Стрижка', cost: 2000, first_cost: 2000, discount: 0, amount: 1 }],
      attendance: 1,
      paid_full: 1,
    });
    const hook = await app.request({
      method: 'POST',
      url: '/api/crm/yclients/webhook',
      body: fake.webhookEvent(COMPANY, 'record', Number(record.id), 'create'),
    });
    expect(hook.statusCode).toBe(200);
    await app.runtime.crm.processor.processPending();
    return { parent, friend, recordId: String(record.id) };
  }

  const pushesOf = (recordId: string) =>
    db()
      .select({ status: loyaltyPushes.status, attempts: loyaltyPushes.attempts, error: loyaltyPushes.lastError })
      .from(loyaltyPushes)
      .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyPushes.entryId))
      .where(eq(loyaltyLedger.recordId, recordId))
      .orderBy(loyaltyLedger.id);

  it('a paid visit issues the cards and adds the points on YCLIENTS, once', async () => {
    const action = await addAction();
    const { parent, friend, recordId } = await invitedAndPaid(action);
    await mechanics().pushPending();
    await mechanics().pushPending();
    expect(fake.issuedCards(parent)).toMatchObject([{ type_id: CARD_TYPE, salon_group_id: GROUP, balance: 700 }]);
    expect(fake.issuedCards(friend)).toMatchObject([{ type_id: CARD_TYPE, balance: 250 }]);
    expect(fake.issuedCards(parent)[0]!.transactions).toEqual([
      expect.objectContaining({ amount: 700, title: 'Приглашение друга: Ольга' }),
    ]);
    expect((await pushesOf(recordId)).map((p) => p.status)).toEqual(['pushed', 'pushed']);
  });

  it('a refused push backs off and gives up after the attempts', async () => {
    const action = await addAction();
    fake.denyLoyalty(COMPANY);
    const { recordId } = await invitedAndPaid(action);
    await mechanics().pushPending();
    const [first] = await pushesOf(recordId);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.error).toContain('403');
    // Not due again yet: nothing is tried.
    await mechanics().pushPending();
    expect((await pushesOf(recordId))[0]!.attempts).toBe(1);
    for (let i = 1; i < PUSH_MAX_ATTEMPTS; i++) {
      app.clock.advance(7 * 3_600_000);
      await mechanics().pushPending();
    }
    expect((await pushesOf(recordId)).map((p) => [p.status, p.attempts])).toEqual([
      ['failed', PUSH_MAX_ATTEMPTS],
      ['failed', PUSH_MAX_ATTEMPTS],
    ]);
  });
});
