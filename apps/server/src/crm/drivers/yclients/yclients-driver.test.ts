import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import type { CrmBranch, CrmDriver, CrmRecord } from '../../crm.js';
import { TokenBucket } from './token-bucket.js';
import { YclientsAuthError, YclientsError } from './yclients-client.js';
import { yclientsDriver } from './yclients-driver.js';

const MOSCOW = 4564;
const VLADIVOSTOK = 7700;
const moscow: CrmBranch = { accId: 1, kind: 'yclients', companyId: MOSCOW, userToken: 'user-msk' };
const vladivostok: CrmBranch = { accId: 2, kind: 'yclients', companyId: VLADIVOSTOK, userToken: 'user-vvo' };

async function all(records: AsyncIterable<CrmRecord>): Promise<CrmRecord[]> {
  const out: CrmRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

describe('YCLIENTS driver against the fake YCLIENTS', () => {
  let fake: FakeYclients;
  let driver: CrmDriver;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock('2026-03-10T09:00:00Z');
    fake = await startFakeYclients({ now: () => clock.now() });
    // Tests do not wait for YCLIENTS' 5 requests a second; the client's own tests measure that.
    driver = yclientsDriver({
      partnerToken: fake.partnerToken,
      baseUrl: fake.baseUrl,
      limiter: new TokenBucket({ perSecond: 10_000 }),
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.addCompany({ id: MOSCOW, userToken: 'user-msk', timezone: 'Europe/Moscow', offset: '+03:00' });
    fake.addCompany({ id: VLADIVOSTOK, userToken: 'user-vvo', timezone: 'Asia/Vladivostok', offset: '+10:00' });
    fake.requests.length = 0;
    clock.set('2026-03-10T09:00:00Z');
  });

  it('reads a record and normalises it: phone, instant in the company zone, services, labels, flags', async () => {
    fake.setReference(MOSCOW, 'record_labels', [{ id: '67345', title: 'VIP' }]);
    const created = fake.createRecord(MOSCOW, {
      datetime: '2026-03-12T15:00:00',
      seance_length: 5400,
      client: { id: 77, name: 'Ирина', phone: '+7 916 123-45-67', email: '' },
      services: [{ id: 1, title: 'Стрижка', cost: 1500, first_cost: 1500, discount: 0, amount: 1 }],
      record_labels: [{ id: '67345', title: 'VIP' }],
      paid_full: 1,
      attendance: 1,
      online: true,
    });
    const record = await driver.record(moscow, String(created.id));
    expect(record).toMatchObject({
      id: String(created.id),
      clientId: '77',
      clientName: 'Ирина',
      clientPhone: '79161234567',
      staffId: '9',
      staffName: 'Оксана',
      services: [{ id: '1', title: 'Стрижка', cost: 1500, categoryId: null, amount: 1 }],
      startsAt: new Date('2026-03-12T12:00:00Z'),
      lengthSec: 5400,
      attendance: 1,
      paid: true,
      online: true,
      deleted: false,
      labels: ['67345'],
      createdAt: new Date('2026-03-10T09:00:00Z'),
      changedAt: new Date('2026-03-10T09:00:00Z'),
    });

    const far = fake.createRecord(VLADIVOSTOK, { datetime: '2026-03-12T15:00:00' });
    expect((await driver.record(vladivostok, String(far.id)))?.startsAt).toEqual(new Date('2026-03-12T05:00:00Z'));
    expect(fake.requests.every((r) => r.headers.authorization?.startsWith(`Bearer ${fake.partnerToken}, User `))).toBe(
      true,
    );
  });

  it('gives null for a record YCLIENTS does not have (404)', async () => {
    expect(await driver.record(moscow, '999999')).toBeNull();
  });

  it('refuses a branch without company or user token', async () => {
    const error = await driver.record({ ...moscow, userToken: null }, '1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_connected', retryable: false });
  });

  it('passes an auth failure on as a typed error', async () => {
    const error = await driver.record({ ...moscow, userToken: 'revoked' }, '1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YclientsAuthError);
  });

  it('reads a client with its loyalty balance', async () => {
    fake.putClient(MOSCOW, {
      id: 66,
      name: 'Клиент',
      phone: '+79112345678',
      email: 'a@b.c',
      categories: [{ id: 4, title: 'VIP', color: '#e8d313' }],
      sex_id: 2,
      birth_date: '1990-05-17',
      visits: 12,
    });
    fake.setLoyaltyCards(66, [
      { id: 1, balance: 100 },
      { id: 2, balance: '50.5' },
    ]);
    expect(await driver.client(moscow, '66')).toMatchObject({
      id: '66',
      phone: '79112345678',
      birthday: '1990-05-17',
      sex: 2,
      categories: ['4'],
      successVisits: 12,
      bonusBalance: 150.5,
      updatedAt: new Date('2026-03-10T09:00:00Z'),
    });
    expect(await driver.client(moscow, '67')).toBeNull();
  });

  it('pages through changed_after 300 at a time, in the company’s wall clock, deleted records included', async () => {
    clock.set('2026-03-10T00:00:00Z');
    fake.createRecord(VLADIVOSTOK, { datetime: '2026-03-01T10:00:00' }); // changed before `since`
    clock.set('2026-03-10T01:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 650; i++)
      ids.push(Number(fake.createRecord(VLADIVOSTOK, { datetime: '2026-03-20T10:00:00' }).id));
    fake.deleteRecord(VLADIVOSTOK, ids[5]!);
    clock.set('2026-03-10T03:00:00Z');
    fake.createRecord(VLADIVOSTOK, { datetime: '2026-03-20T10:00:00' }); // changed after `until`
    fake.requests.length = 0;

    const since = new Date('2026-03-10T00:30:00Z');
    const until = new Date('2026-03-10T02:00:00Z');
    const records = await all(driver.recordsChangedAfter(vladivostok, since, until));
    expect(records.map((r) => Number(r.id))).toEqual(ids);
    expect(records[5]?.deleted).toBe(true);

    const pages = fake.requests.filter((r) => r.path === `/records/${VLADIVOSTOK}`);
    expect(pages.map((r) => [r.query.get('page'), r.query.get('count')])).toEqual([
      ['1', '300'],
      ['2', '300'],
      ['3', '300'],
    ]);
    // +10:00: 00:30Z is 10:30 on the company's clock.
    expect(pages[0]?.query.get('changed_after')).toBe('2026-03-10T10:30:00');
    expect(pages[0]?.query.get('changed_before')).toBe('2026-03-10T12:00:00');
    expect(pages[0]?.query.get('with_deleted')).toBe('1');
  });

  it('stops after one page when everything fits, and asks for the zone once', async () => {
    const fresh = yclientsDriver({
      partnerToken: fake.partnerToken,
      baseUrl: fake.baseUrl,
      limiter: new TokenBucket({ perSecond: 10_000 }),
    });
    fake.createRecord(MOSCOW, { datetime: '2026-03-20T10:00:00' });
    const since = new Date('2026-03-10T08:00:00Z');
    const until = new Date('2026-03-10T10:00:00Z');
    expect(await all(fresh.recordsChangedAfter(moscow, since, until))).toHaveLength(1);
    expect(await all(fresh.recordsChangedAfter(moscow, since, until))).toHaveLength(1);
    expect(fake.requests.map((r) => r.path)).toEqual([
      `/company/${MOSCOW}`,
      `/records/${MOSCOW}`,
      `/records/${MOSCOW}`,
    ]);
    expect(fake.requests[1]?.query.get('changed_after')).toBe('2026-03-10T11:00:00');
  });

  it('confirms a record with a full PUT body and attendance 2, without an SMS, and only once', async () => {
    fake.setReference(MOSCOW, 'record_labels', [{ id: '5', title: 'Постоянный' }]);
    const created = fake.createRecord(MOSCOW, {
      datetime: '2026-03-12T15:00:00',
      client: { id: 77, name: 'Ирина', phone: '79161234567', email: 'i@example.com' },
      services: [{ id: 331, title: 'Маникюр', first_cost: 2000, discount: 10, cost: 1800, amount: 1 }],
      comment: 'у окна',
      record_labels: [{ id: '5', title: 'Постоянный' }],
    });
    const id = String(created.id);
    await driver.confirmRecord(moscow, id);
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/record/${MOSCOW}/${id}`);
    expect(put?.json).toEqual({
      staff_id: 9,
      services: [{ id: 331, first_cost: 2000, discount: 10, cost: 1800, amount: 1 }],
      client: { phone: '79161234567', name: 'Ирина', email: 'i@example.com' },
      datetime: '2026-03-12T15:00:00+03:00',
      seance_length: 3600,
      save_if_busy: true,
      send_sms: false,
      comment: 'у окна',
      record_labels: ['5'],
      attendance: 2,
    });
    expect(fake.record(MOSCOW, Number(id))).toMatchObject({
      attendance: 2,
      comment: 'у окна',
      record_labels: [{ id: '5' }],
    });

    fake.requests.length = 0;
    await driver.confirmRecord(moscow, id);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('does not confirm a deleted or missing record', async () => {
    const created = fake.createRecord(MOSCOW, { datetime: '2026-03-12T15:00:00' });
    fake.deleteRecord(MOSCOW, Number(created.id));
    await expect(driver.confirmRecord(moscow, String(created.id))).rejects.toBeInstanceOf(YclientsError);
    await expect(driver.confirmRecord(moscow, '424242')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cancels a record with DELETE; a record already gone counts as cancelled', async () => {
    const created = fake.createRecord(MOSCOW, { datetime: '2026-03-12T15:00:00' });
    await driver.cancelRecord(moscow, String(created.id));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/record/${MOSCOW}/${created.id}` });
    expect(fake.record(MOSCOW, Number(created.id))?.deleted).toBe(true);
    await expect(driver.cancelRecord(moscow, String(created.id))).resolves.toBeUndefined();
  });

  it('reads every reference list from its documented path', async () => {
    fake.setReference(MOSCOW, 'services', [
      { id: '79067', title: 'Бритье головы', category_id: '4', price_min: '1000.00' },
    ]);
    fake.setReference(MOSCOW, 'service_categories', [{ id: 345, title: 'Стрижки мужские', staff: [5006] }]);
    fake.setReference(MOSCOW, 'staff', [
      { id: 1001539, name: 'Сотрудник 1', fired: 0 },
      { id: 2, name: 'Бывший', fired: 1 },
    ]);
    fake.setReference(
      MOSCOW,
      'goods',
      Array.from({ length: 130 }, (_, i) => ({ good_id: String(1000 + i), title: `Товар ${i}`, cost: '100' })),
    );
    fake.setReference(MOSCOW, 'client_labels', [{ id: 3, title: 'Постоянный клиент', entity: 1, deleted: 0 }]);
    fake.setReference(MOSCOW, 'record_labels', [
      { id: '67345', title: 'Сотрудник не важен', entity: '2', deleted: '0' },
    ]);
    fake.setReference(MOSCOW, 'loyalty_card_types', [{ id: 10992, title: '5+2', salon_group_id: 145071 }]);

    expect(await driver.reference(moscow, 'services')).toEqual([
      { id: '79067', title: 'Бритье головы', categoryId: '4' },
    ]);
    expect(await driver.reference(moscow, 'categories')).toEqual([{ id: '345', title: 'Стрижки мужские' }]);
    expect(await driver.reference(moscow, 'staff')).toEqual([{ id: '1001539', title: 'Сотрудник 1' }]);
    const goods = await driver.reference(moscow, 'goods');
    expect(goods).toHaveLength(130);
    expect(goods[129]).toEqual({ id: '1129', title: 'Товар 129' });
    expect(await driver.reference(moscow, 'client_category')).toEqual([{ id: '3', title: 'Постоянный клиент' }]);
    expect(await driver.reference(moscow, 'record_labels')).toEqual([{ id: '67345', title: 'Сотрудник не важен' }]);
    expect(await driver.reference(moscow, 'loyalty_card_types')).toEqual([{ id: '10992', title: '5+2' }]);
    expect(fake.requests.map((r) => r.path)).toEqual([
      `/company/${MOSCOW}/services`,
      `/company/${MOSCOW}/service_categories`,
      `/company/${MOSCOW}/staff`,
      `/goods/${MOSCOW}`,
      `/goods/${MOSCOW}`,
      `/labels/${MOSCOW}/1`,
      `/labels/${MOSCOW}/2`,
      `/loyalty/card_types/salon/${MOSCOW}`,
    ]);
  });

  it('loyalty: permission follows the card types call; a transaction issues the card once, then adds and takes back', async () => {
    fake.setReference(MOSCOW, 'loyalty_card_types', [{ id: 8230, title: 'Друзья', salon_group_id: 145071 }]);
    expect(await driver.loyaltyPermission(moscow)).toBe(true);

    const phone = '79161110001';
    const first = await driver.loyaltyTransaction(moscow, {
      phone,
      clientName: 'Анна',
      cardTypeId: '8230',
      salonGroupId: null,
      amount: 300,
      title: 'Приглашение друга: Анна',
    });
    expect(first.reference).toMatch(/^yclients:transaction:\d+$/);
    await driver.loyaltyTransaction(moscow, {
      phone,
      clientName: 'Анна',
      cardTypeId: '8230',
      salonGroupId: '145071',
      amount: -100,
      title: 'Возврат визита',
    });
    const cards = fake.issuedCards(phone);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type_id: 8230, salon_group_id: 145071, balance: 200 });
    expect((cards[0]!.transactions as unknown[]).length).toBe(2);
    const cardId = cards[0]!.id as number;
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /loyalty/card_types/salon/${MOSCOW}`,
      // No group on the action: it is read from the card type.
      `GET /loyalty/card_types/salon/${MOSCOW}`,
      `GET /loyalty/cards/${phone}/145071/${MOSCOW}`,
      `POST /loyalty/cards/${MOSCOW}`,
      `POST /company/${MOSCOW}/loyalty/cards/${cardId}/manual_transaction`,
      `GET /loyalty/cards/${phone}/145071/${MOSCOW}`,
      `POST /company/${MOSCOW}/loyalty/cards/${cardId}/manual_transaction`,
    ]);
    expect(fake.requests[3]!.json).toMatchObject({ loyalty_card_type_id: 8230, phone: Number(phone) });
    expect(fake.requests[6]!.json).toEqual({ amount: -100, title: 'Возврат визита' });

    // A token without the loyalty right: no permission, and a transaction fails (the push retries).
    fake.denyLoyalty(MOSCOW);
    expect(await driver.loyaltyPermission(moscow)).toBe(false);
    await expect(
      driver.loyaltyTransaction(moscow, {
        phone,
        clientName: 'Анна',
        cardTypeId: '8230',
        salonGroupId: '145071',
        amount: 1,
        title: 'x',
      }),
    ).rejects.toBeInstanceOf(YclientsAuthError);
  });
});
