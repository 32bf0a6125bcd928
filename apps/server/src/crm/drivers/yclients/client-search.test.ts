import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import {
  UnsupportedCrmFilter,
  type CrmBranch,
  type CrmClientMatch,
  type CrmClientSearch,
  type CrmDriver,
  type CrmSearchCondition,
} from '../../crm.js';
import { conditionFilters, searchRuns } from './client-search.js';
import { TokenBucket } from './token-bucket.js';
import { yclientsDriver } from './yclients-driver.js';

const COMPANY = 4564;
const branch: CrmBranch = { accId: 1, kind: 'yclients', companyId: COMPANY, userToken: 'user-msk' };
const context = { today: '2026-03-10', timeZone: 'Europe/Moscow' };

async function ids(matches: AsyncIterable<CrmClientMatch>): Promise<string[]> {
  const out: string[] = [];
  for await (const m of matches) out.push(m.client.id);
  return out;
}

describe('segment conditions as YCLIENTS client-search filters', () => {
  it('maps client fields onto gender, category (inverted to exclude) and birthday', () => {
    expect(
      conditionFilters({
        type: 'client',
        gender: [2],
        clientCategory: { mode: 'exclude', ids: ['3', '7'] },
        birthdayPeriod: { from: '2026-03-08', to: '2026-03-15' },
      }),
    ).toEqual([
      { type: 'gender', state: { value: [2] } },
      { type: 'category', state: { value: [3, 7], invert: true } },
      { type: 'birthday', state: { from: '2026-03-08', to: '2026-03-15' } },
    ]);
    expect(conditionFilters({ type: 'client', gender: [], clientCategory: null })).toEqual([]);
  });

  it('maps a record condition onto one record filter; no visit is the inverted "came" status', () => {
    expect(
      conditionFilters({
        type: 'record',
        staff: ['1'],
        services: ['10', '11'],
        serviceCategories: ['5'],
        period: { from: '2026-01-01', to: null },
        recordsCount: { from: 2, to: 5 },
        soldAmount: { from: null, to: 9000 },
        visit: 'not_visited',
      }),
    ).toEqual([
      {
        type: 'record',
        state: {
          staff: { value: [1] },
          service: { value: [10, 11] },
          service_category: { value: [5] },
          created: { from: '2026-01-01' },
          records_count: { from: 2, to: 5 },
          sold_amount: { to: 9000 },
          status: { value: [3] },
          invert: true,
        },
      },
    ]);
  });

  it('maps sale fields onto the documented goods, certificate and abonement states', () => {
    expect(
      conditionFilters({
        type: 'sale',
        goods: ['4'],
        saleDate: { from: '2026-02-01', to: '2026-02-28' },
        certificates: { types: ['9'], used: false, balance: { from: 100, to: null }, expiry: null, saleDate: null },
        subscriptions: { types: ['8'], used: true, expiry: { from: null, to: '2026-12-31' } },
      }),
    ).toEqual([
      {
        type: 'sale',
        state: {
          goods: { good_ids: [4] },
          good_sale_date: { from: '2026-02-01', to: '2026-02-28' },
          certificate_types: { value: [9] },
          certificate_status: { value: false },
          certificate_balance: { from: 100 },
          abonement_types: { value: [8] },
          abonement_status: { value: true },
          abonement_expire_date: { to: '2026-12-31' },
        },
      },
    ]);
  });

  it('refuses what the Blueprint cannot filter instead of widening the audience', () => {
    const refused = (condition: Parameters<typeof conditionFilters>[0]) => {
      try {
        conditionFilters(condition);
        return null;
      } catch (err) {
        return err instanceof UnsupportedCrmFilter ? err.field : String(err);
      }
    };
    expect(refused({ type: 'client', agePeriod: { from: 18, to: 30 } })).toBe('agePeriod');
    expect(refused({ type: 'sale', subscriptions: { statuses: ['expired'] } })).toBe('subscriptions.statuses');
    expect(refused({ type: 'sale', subscriptions: { frozen: true } })).toBe('subscriptions.frozen');
    expect(refused({ type: 'sale', subscriptions: { remainingServices: { from: 1, to: null } } })).toBe(
      'subscriptions.remainingServices',
    );
    expect(refused({ type: 'record', staff: ['anna'] })).toBe('staff');
    // An age range with both ends open asks nothing.
    expect(refused({ type: 'client', agePeriod: { from: null, to: null } })).toBeNull();
  });

  it('runs AND as one request, OR as one request when it can and one per condition when it cannot', () => {
    const gender: CrmSearchCondition = { type: 'client', gender: [1] };
    const staff: CrmSearchCondition = { type: 'record', staff: ['2'] };
    const two: CrmSearchCondition = { type: 'client', gender: [2], clientCategory: { mode: 'include', ids: ['1'] } };
    expect(searchRuns({ operation: 'AND', conditions: [gender, two] })).toEqual([
      { operation: 'AND', filters: [...conditionFilters(gender), ...conditionFilters(two)] },
    ]);
    expect(searchRuns({ operation: 'OR', conditions: [gender, staff] })).toEqual([
      { operation: 'OR', filters: [...conditionFilters(gender), ...conditionFilters(staff)] },
    ]);
    expect(searchRuns({ operation: 'OR', conditions: [gender, two] })).toEqual([
      { operation: 'AND', filters: conditionFilters(gender) },
      { operation: 'AND', filters: conditionFilters(two) },
    ]);
    // A condition that asks nothing makes the OR everyone.
    expect(searchRuns({ operation: 'OR', conditions: [gender, { type: 'client' }] })).toEqual([
      { operation: 'AND', filters: [] },
    ]);
  });
});

describe('YCLIENTS driver client search against the fake YCLIENTS', () => {
  let fake: FakeYclients;
  let driver: CrmDriver;
  const search = (s: CrmClientSearch) => ids(driver.searchClients(branch, s, context));
  const searches = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/clients/search'));

  beforeAll(async () => {
    fake = await startFakeYclients();
    driver = yclientsDriver({
      partnerToken: fake.partnerToken,
      baseUrl: fake.baseUrl,
      limiter: new TokenBucket({ perSecond: 10_000 }),
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.addCompany({ id: COMPANY, userToken: 'user-msk', timezone: 'Europe/Moscow', offset: '+03:00' });
    fake.setReference(COMPANY, 'services', [
      { id: 10, title: 'Стрижка', category_id: 5 },
      { id: 11, title: 'Маникюр', category_id: 6 },
    ]);
    const clients = [
      {
        id: 1,
        name: 'Анна',
        phone: '+7 916 000-00-01',
        sex_id: 2,
        categories: [{ id: 3, title: 'VIP' }],
        birth_date: '1990-03-12',
        visits: 4,
      },
      { id: 2, name: 'Борис', phone: '+79160000002', sex_id: 1, categories: [], birth_date: '1985-07-01', visits: 1 },
      {
        id: 3,
        name: 'Вера',
        phone: '89160000003',
        sex_id: 2,
        categories: [{ id: 1, title: 'Постоянный' }],
        birth_date: '',
        visits: 0,
      },
    ];
    for (const client of clients) fake.putClient(COMPANY, client);
    const record = (clientId: number, datetime: string, serviceId: number, cost: number, attendance: number) =>
      fake.createRecord(COMPANY, {
        datetime,
        client: { id: clientId, name: '', phone: '' },
        services: [{ id: serviceId, title: '', cost, amount: 1 }],
        attendance,
        staff: { id: serviceId === 10 ? 1 : 2, name: '' },
        staff_id: serviceId === 10 ? 1 : 2,
      });
    record(1, '2026-02-10T12:00:00', 10, 2500, 1);
    record(1, '2026-03-01T12:00:00', 11, 1500, 1);
    record(2, '2026-02-20T12:00:00', 10, 1800, -1);
    fake.requests.length = 0;
  });

  it('finds clients by client fields and gives their visits and last visit', async () => {
    const found: CrmClientMatch[] = [];
    for await (const m of driver.searchClients(
      branch,
      { operation: 'AND', conditions: [{ type: 'client', gender: [2] }] },
      context,
    ))
      found.push(m);
    expect(found).toEqual([
      {
        client: { id: '1', name: 'Анна', phone: '79160000001' },
        visits: 4,
        lastVisitAt: new Date('2026-03-01T09:00:00Z'),
      },
      { client: { id: '3', name: 'Вера', phone: '79160000003' }, visits: 0, lastVisitAt: null },
    ]);
    const [request] = searches();
    expect(request!.json).toMatchObject({
      page: 1,
      page_size: 200,
      fields: ['id', 'name', 'phone', 'visits_count', 'last_visit_date'],
      operation: 'AND',
      filters: [{ type: 'gender', state: { value: [2] } }],
    });
    expect(request!.headers.authorization).toBe(`Bearer ${fake.partnerToken}, User user-msk`);
    expect(
      await search({
        operation: 'AND',
        conditions: [{ type: 'client', clientCategory: { mode: 'exclude', ids: ['3'] } }],
      }),
    ).toEqual(['2', '3']);
    expect(
      await search({
        operation: 'AND',
        conditions: [{ type: 'client', birthdayPeriod: { from: '2026-03-08', to: '2026-03-15' } }],
      }),
    ).toEqual(['1']);
  });

  it('finds clients by their records: category, visits, counts and amounts, and no visit', async () => {
    expect(await search({ operation: 'AND', conditions: [{ type: 'record', serviceCategories: ['5'] }] })).toEqual([
      '1',
      '2',
    ]);
    expect(
      await search({ operation: 'AND', conditions: [{ type: 'record', serviceCategories: ['5'], visit: 'visited' }] }),
    ).toEqual(['1']);
    expect(await search({ operation: 'AND', conditions: [{ type: 'record', visit: 'not_visited' }] })).toEqual([
      '2',
      '3',
    ]);
    expect(
      await search({
        operation: 'AND',
        conditions: [{ type: 'record', recordsCount: { from: 2, to: null }, soldAmount: { from: 4000, to: null } }],
      }),
    ).toEqual(['1']);
    expect(
      await search({
        operation: 'AND',
        conditions: [{ type: 'record', period: { from: '2026-02-15', to: '2026-02-28' } }],
      }),
    ).toEqual(['2']);
  });

  it('joins OR conditions that need several filters each from separate requests, each client once', async () => {
    const result = await search({
      operation: 'OR',
      conditions: [
        { type: 'client', gender: [2], clientCategory: { mode: 'include', ids: ['3'] } },
        { type: 'client', gender: [2], birthdayPeriod: { from: '2026-01-01', to: '2026-12-31' } },
        { type: 'record', staff: ['1'] },
      ],
    });
    expect(result).toEqual(['1', '2']);
    expect(searches().map((r) => (r.json as { operation: string }).operation)).toEqual(['AND', 'AND', 'AND']);
  });

  it('pages through a large company until the last short page', async () => {
    for (let id = 100; id < 100 + 450; id++)
      fake.putClient(COMPANY, { id, name: `Клиент ${id}`, phone: `7916${String(id).padStart(7, '0')}`, sex_id: 1 });
    const men = await search({ operation: 'AND', conditions: [{ type: 'client', gender: [1] }] });
    expect(men).toHaveLength(451);
    expect(new Set(men).size).toBe(451);
    expect(searches().map((r) => (r.json as { page: number }).page)).toEqual([1, 2, 3]);
  });

  it('gets a documented 400 for an invented filter, which the driver does not send', async () => {
    const res = await fetch(`${fake.baseUrl}/company/${COMPANY}/clients/search`, {
      method: 'POST',
      headers: {
        accept: 'application/vnd.yclients.v2+json',
        authorization: `Bearer ${fake.partnerToken}, User user-msk`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ filters: [{ type: 'age', state: { from: 18 } }] }),
    });
    expect(res.status).toBe(400);
    await expect(
      search({ operation: 'AND', conditions: [{ type: 'client', agePeriod: { from: 18, to: null } }] }),
    ).rejects.toBeInstanceOf(UnsupportedCrmFilter);
    expect(searches()).toHaveLength(1);
  });
});
