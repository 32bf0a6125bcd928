import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_CARD_TYPE,
  type LoyaltyActionWire,
  type LoyaltyAnalyticsResponse,
  type LoyaltyCardsResponse,
} from '@salon/contract/loyalty';
import { STATUS } from '@salon/contract/status';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startLoyaltyTestApp, type LoyaltyTestApp } from '../../../test-support/loyalty/actions-test-app.js';

const { moscow } = DEMO_BRANCHES;

// The statistics of the invite-friends tab, from referral and ledger rows written the way the
// mechanics write them. The test clock is 2026-03-10 (Moscow).
describe.each(DB_KINDS)('loyalty analytics (%s)', (kind) => {
  let app: LoyaltyTestApp;
  let owner: string;
  let main: LoyaltyActionWire;
  let gone: LoyaltyActionWire;
  let empty: LoyaltyActionWire;
  let unused: LoyaltyActionWire;

  const db = () => app.base.runtime.database.db;
  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
    const res = await app.request({ method, url, token: owner, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  }
  const create = async (title: string, over: object = {}) => {
    const res = await call('POST', `/api/loyalty/create?acc_id=${moscow}`, {
      title,
      active: false,
      bonus_type: 'percents',
      card_type: { ...PLACEHOLDER_CARD_TYPE, id: '0' },
      loyalty_points: null,
      new_customer_points: 50,
      range_of_visits: [0, 3],
      interest_regular_customer: 10,
      ...over,
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as LoyaltyActionWire;
  };
  const invite = (actionId: number, code: string, parent: string) =>
    db().execute(sql`insert into loyalty_invites (code, acc_id, action_id, parent_phone, created_at)
      values (${code}, ${moscow}, ${actionId}, ${parent}, '2026-01-05T10:00:00Z')`);
  const referral = async (
    actionId: number,
    parent: string,
    child: string,
    createdAt: string,
    over: { status?: string; paidAt?: string } = {},
  ) => {
    const rows = await db().execute<{ id: number }>(sql`insert into loyalty_referrals
      (acc_id, action_id, invite_code, parent_phone, child_phone, child_name, status, reject_reason, created_at, first_paid_at)
      values (${moscow}, ${actionId}, ${`c-${parent}`}, ${parent}, ${child}, 'Друг', ${over.status ?? 'attributed'},
        ${over.status === 'rejected' ? 'existing_client' : null}, ${createdAt}::timestamptz, ${over.paidAt ?? null}::timestamptz)
      returning id`);
    return Number((rows as unknown as { rows: { id: number }[] }).rows[0]!.id);
  };
  const ledger = (
    actionId: number,
    referralId: number,
    recordId: string,
    beneficiary: 'parent' | 'child',
    kindOf: 'accrual' | 'reversal',
    amount: number,
    paid: number,
    visit: number,
  ) =>
    db().execute(sql`insert into loyalty_ledger
      (acc_id, action_id, referral_id, record_id, beneficiary, phone, card_type_id, kind, amount, paid_amount, visit_number, created_at)
      values (${moscow}, ${actionId}, ${referralId}, ${recordId}, ${beneficiary}, '79000000000', '1', ${kindOf},
        ${amount}, ${paid}, ${visit}, '2026-02-10T10:00:00Z')`);

  beforeAll(async () => {
    app = await startLoyaltyTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner)).token;
    const cards = (await call('GET', `/api/loyalty/loyalty_cards?acc_id=${moscow}`)).body as LoyaltyCardsResponse;
    main = await create('Основная', { active: true, card_type: cards.data[0] });
    gone = await create('Удалённая');
    empty = await create('Пустая');
    unused = await create('Удалённая без друзей');

    for (const [i, parent] of ['79000000001', '79000000002', '79000000003', '79000000004'].entries()) {
      await invite(main.loyalty_action_id, `main-${i}`, parent);
    }
    // Two friends of one client, both paid; one friend of another, not paid yet, who signed up at
    // 01:00 on 1 January in Moscow (still 31 December in UTC); a rejected one; one last December.
    const r1 = await referral(main.loyalty_action_id, '79000000001', '79100000001', '2026-02-01T10:00:00Z', {
      paidAt: '2026-02-10T10:00:00Z',
    });
    const r2 = await referral(main.loyalty_action_id, '79000000001', '79100000002', '2026-02-02T10:00:00Z', {
      paidAt: '2026-02-11T10:00:00Z',
    });
    await referral(main.loyalty_action_id, '79000000002', '79100000003', '2025-12-31T22:00:00Z');
    await referral(main.loyalty_action_id, '79000000003', '79100000004', '2026-02-03T10:00:00Z', {
      status: 'rejected',
    });
    const r5 = await referral(main.loyalty_action_id, '79000000004', '79100000005', '2025-12-31T20:00:00Z', {
      paidAt: '2026-01-10T10:00:00Z',
    });
    // r1: two paid visits (1000 and 3000); r2: one (2000) and one that was reversed (500).
    await ledger(main.loyalty_action_id, r1, 'rec-1', 'parent', 'accrual', 100, 1000, 1);
    await ledger(main.loyalty_action_id, r1, 'rec-1', 'child', 'accrual', 50, 1000, 1);
    await ledger(main.loyalty_action_id, r1, 'rec-2', 'parent', 'accrual', 300, 3000, 2);
    await ledger(main.loyalty_action_id, r2, 'rec-3', 'parent', 'accrual', 200, 2000, 1);
    await ledger(main.loyalty_action_id, r2, 'rec-3', 'child', 'accrual', 50, 2000, 1);
    await ledger(main.loyalty_action_id, r2, 'rec-4', 'parent', 'accrual', 50, 500, 2);
    await ledger(main.loyalty_action_id, r2, 'rec-4', 'parent', 'reversal', -50, 500, 2);
    await ledger(main.loyalty_action_id, r5, 'rec-5', 'parent', 'accrual', 70, 700, 1);

    const g1 = await referral(gone.loyalty_action_id, '79000000009', '79100000009', '2026-03-01T10:00:00Z', {
      paidAt: '2026-03-02T10:00:00Z',
    });
    await ledger(gone.loyalty_action_id, g1, 'rec-9', 'parent', 'accrual', 10, 100, 1);
    for (const a of [gone, unused]) {
      expect((await call('DELETE', `/api/loyalty/loyalty_action/${a.loyalty_action_id}?acc_id=${moscow}`)).code).toBe(
        200,
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const analytics = async (query = '') => {
    const res = await call('GET', `/api/loyalty/loyalty_analytics?acc_id=${moscow}${query}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as LoyaltyAnalyticsResponse;
  };
  const rowOf = (res: LoyaltyAnalyticsResponse, id: number) => res.data.find((r) => r.actionId === id);

  it('answers one row per action over this year so far, with every figure', async () => {
    const res = await analytics();
    expect([res.date_from, res.date_to]).toEqual(['2026-01-01', '2026-03-10']);
    expect(rowOf(res, main.loyalty_action_id)).toEqual({
      actionId: main.loyalty_action_id,
      templateName: 'Основная',
      countParent: 2,
      countChild: 3,
      countChildPaid: 2,
      childSignupRatio: 0.75,
      childPaymentRatio: 2 / 3,
      amountPaymentsChild: 6000,
      amountAccruedBonusesParents: 600,
      amountAccruedBonusesChildren: 100,
      medianChildrenRecords: 1.5,
      medianPaymentsChild: 3000,
      dateFirstActivateTemplate: main.date_first_activate_template,
      childHaveRecords: 2,
    });
    expect(main.date_first_activate_template).not.toBeNull();
    // A deleted action with friends stays; one without them goes; a live one without them shows zeros.
    expect(rowOf(res, gone.loyalty_action_id)).toMatchObject({ countChild: 1, amountPaymentsChild: 100 });
    expect(rowOf(res, unused.loyalty_action_id)).toBeUndefined();
    expect(rowOf(res, empty.loyalty_action_id)).toMatchObject({
      countParent: 0,
      countChild: 0,
      childSignupRatio: 0,
      childPaymentRatio: 0,
      medianPaymentsChild: 0,
      dateFirstActivateTemplate: null,
    });
  });

  it("counts referrals by the branch's calendar days", async () => {
    const december = await analytics('&date_from=2025-12-01&date_to=2025-12-31');
    expect(rowOf(december, main.loyalty_action_id)).toMatchObject({
      countParent: 1,
      countChild: 1,
      countChildPaid: 1,
      amountPaymentsChild: 700,
      amountAccruedBonusesParents: 70,
      childSignupRatio: 0.25,
    });
    expect(rowOf(december, gone.loyalty_action_id)).toBeUndefined();
    const newYear = await analytics('&date_from=2026-01-01&date_to=2026-01-01');
    expect(rowOf(newYear, main.loyalty_action_id)).toMatchObject({ countChild: 1, countChildPaid: 0, countParent: 1 });
  });

  it('sorts by the column asked', async () => {
    const asc = await analytics('&sort=countChild&order=asc');
    const counts = asc.data.map((r) => r.countChild);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(asc.data.at(-1)!.actionId).toBe(main.loyalty_action_id);
    const byName = await analytics('&sort=templateName&order=desc');
    const names = byName.data.map((r) => r.templateName);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    // By first activation (the default), actions never switched on come last.
    const byDate = await analytics();
    expect(byDate.data[0]!.actionId).toBe(main.loyalty_action_id);
  });

  it('does not count a friend whose only paid visit was taken back as paid', async () => {
    const refunded = await create('Возврат');
    const r = await referral(refunded.loyalty_action_id, '79000000021', '79100000021', '2026-02-05T10:00:00Z', {
      paidAt: '2026-02-06T10:00:00Z',
    });
    await ledger(refunded.loyalty_action_id, r, 'rec-21', 'parent', 'accrual', 100, 1000, 1);
    await ledger(refunded.loyalty_action_id, r, 'rec-21', 'parent', 'reversal', -100, 1000, 1);
    expect(rowOf(await analytics(), refunded.loyalty_action_id)).toMatchObject({
      countChild: 1,
      countChildPaid: 0,
      childPaymentRatio: 0,
      amountPaymentsChild: 0,
      amountAccruedBonusesParents: 0,
      childHaveRecords: 0,
    });
  });

  it('refuses impossible or reversed dates', async () => {
    for (const query of [
      '&date_from=2026-02-30',
      '&date_to=2026-13-01',
      '&date_from=2026-03-01&date_to=2026-02-01',
      '&date_from=x',
    ]) {
      const res = await call('GET', `/api/loyalty/loyalty_analytics?acc_id=${moscow}${query}`);
      expect([res.code, res.body.status], query).toEqual([400, STATUS.badRequest]);
    }
  });
});
