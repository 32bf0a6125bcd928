import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bonuses,
  ConsultantHistory,
  Lead,
  OperationList,
  PartnerAdmin,
  PromoGroup,
  SalonHistory,
} from '@salon/contract/partners';
import type { PayData } from '@salon/contract/payments';
import { DB_KINDS } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/harness.js';
import { DEMO_USERS } from './demo.js';
import { DEMO_PARTNER_ADMIN, DEMO_PARTNER_SALONS } from './demo-partners.js';

const DAY = 86_400_000;

// The partner programme's demo history (issue 17 item 5): every partner page of the demo partners
// shows real rows, read through the server's own routes on the day the demo was written and a week on.
describe.each(DB_KINDS)('demo partner history (%s)', (kind) => {
  let app: TestApp;
  const tokens: Record<number, string> = {};
  let n = 0;
  const signIn = async () => {
    for (const id of [DEMO_USERS.partnerConsultant, DEMO_USERS.salonConsultant, DEMO_PARTNER_ADMIN]) {
      tokens[id] = (await app.login(id, `10.9.0.${++n}`)).token;
    }
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    await signIn();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async <T>(url: string, as: number = DEMO_USERS.partnerConsultant): Promise<T> => {
    const res = await app.request({ method: 'GET', url, token: tokens[as] });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const operations = (code: string) =>
    get<OperationList>(`/api/reff_consultant/operations?promo_code=${code}&date_from=2000-01-01`);

  it('shows the consultant’s salons with every filial status, sorted by account', async () => {
    const groups = await get<PromoGroup[]>('/api/reff_consultant/partners');
    expect(groups.map((g) => g.promo_code)).toEqual(['VOLKOV', 'VOLKOV30']);
    const rows = groups.flatMap((g) => g.rows);
    expect(rows).toHaveLength(DEMO_PARTNER_SALONS.filter((s) => s.code !== 'BARHAT').length);
    expect(new Set(rows.map((r) => r.filial_status))).toEqual(new Set(['active', 'inactive', 'not_paid', 'on_test']));
    for (const g of groups)
      expect(g.rows.map((r) => r.acc_id)).toEqual([...g.rows.map((r) => r.acc_id)].sort((a, b) => a - b));
    expect(groups.map((g) => g.paid_clients > 0)).toEqual([true, true]);
    expect(groups[0]!.paid_clients).toBeLessThan(groups[0]!.total_clients);
  });

  it('shows operations of every status, totals, and payable money kept apart from the hold', async () => {
    const volkov = await operations('VOLKOV');
    const volkov30 = await operations('VOLKOV30');
    const statuses = new Set([...volkov.operations, ...volkov30.operations].map((o) => o.status));
    expect(statuses).toEqual(new Set(['Начисление', 'Начислено', 'Выплачено', 'Возврат']));
    expect(volkov.operations.filter((o) => o.status === 'Возврат')).toHaveLength(1);
    for (const list of [volkov, volkov30]) {
      expect(list.total_paid).toBeGreaterThan(0);
      expect(list.current_accrued).toBeGreaterThan(0);
      expect(list.current_accrued).toBeLessThan(list.total_accrued);
    }
    // The hold ends in about a week.
    const held = volkov30.operations.filter((o) => o.status === 'Начисление');
    expect(held.length).toBeGreaterThan(0);
    const today = app.clock.now().toISOString().slice(0, 10);
    expect(held.every((o) => o.payable_from! > today)).toBe(true);
  });

  it('shows payouts paid and requested, and what may be withdrawn', async () => {
    const history = await get<ConsultantHistory>('/api/reff_consultant/history?promo_code=VOLKOV30');
    expect(history.map((h) => h.payed).sort()).toEqual([false, true]);
    expect(
      (await get<ConsultantHistory>('/api/reff_consultant/history?promo_code=VOLKOV')).map((h) => h.payed),
    ).toEqual([true]);
    const bonuses = await get<Bonuses>('/api/reff_consultant/order_payment?promo_code=VOLKOV');
    expect(bonuses.monthly_earnings.length).toBeGreaterThan(0);
    expect(bonuses.total_earnings).toBeGreaterThan(0);
  });

  it('shows leads of every status and the Access page’s two admins', async () => {
    const leads = [
      ...(await get<Lead[]>('/api/get_promo_leads?promo_code=VOLKOV')),
      ...(await get<Lead[]>('/api/get_promo_leads?promo_code=VOLKOV30')),
    ];
    expect(new Set(leads.map((l) => l.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const admins = await get<PartnerAdmin[]>('/api/reff_consultant/admins?promo_code=VOLKOV');
    expect(admins.map((a) => a.access)).toEqual([true, false]);
    // The granted admin reads the code's pages.
    const seen = await get<OperationList>('/api/reff_consultant/operations?promo_code=VOLKOV', DEMO_PARTNER_ADMIN);
    expect(seen.operations.length).toBeGreaterThan(0);
  });

  it('shows the salon partner’s bonus history and its brought salons paying', async () => {
    const history = await get<SalonHistory>('/api/reff_salon/payments_history', DEMO_USERS.salonConsultant);
    expect(history.total_bonuses).toBeGreaterThan(0);
    expect(history.months.length).toBeGreaterThan(0);
    const barhat = await get<OperationList>(
      '/api/reff_consultant/operations?promo_code=BARHAT&date_from=2000-01-01',
      DEMO_USERS.salonConsultant,
    );
    expect(new Set(barhat.operations.map((o) => o.status))).toEqual(new Set(['Начисление', 'Начислено', 'Выплачено']));
  });

  it('leaves the brought salons paid as their payments say', async () => {
    const groups = await get<PromoGroup[]>('/api/reff_consultant/partners');
    const active = groups.flatMap((g) => g.rows).find((r) => r.filial_status === 'active')!;
    const [owner] = DEMO_PARTNER_SALONS.filter((s) => s.name === active.filial_name);
    const token = (await app.login(owner!.ownerId, `10.9.1.${++n}`)).token;
    const pay = await app.request({ method: 'GET', url: `/api/pay?acc_id=${active.acc_id}`, token });
    expect(pay.statusCode).toBe(200);
    expect(pay.json<PayData>()).toMatchObject({ pay_status: true });
    expect(pay.json<PayData>().pay_date).toBe(active.paid_till);
  });

  it('lets the hold run out a week on', async () => {
    app.clock.advance(12 * DAY);
    await signIn();
    const volkov30 = await operations('VOLKOV30');
    expect(volkov30.operations.filter((o) => o.status === 'Начисление')).toEqual([]);
  });
});
