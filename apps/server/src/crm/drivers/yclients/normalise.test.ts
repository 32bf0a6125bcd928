import { describe, expect, it } from 'vitest';
import {
  normaliseClient,
  normalisePhone,
  normaliseRecord,
  normaliseReference,
  parseYclientsDate,
  wallTime,
  zoneOffsetMinutes,
} from './normalise.js';

// The record of the Blueprint's GET /record/{company_id}/{record_id} example, trimmed.
const apibRecord = () => ({
  id: 2,
  company_id: 4564,
  staff_id: 9,
  services: [
    {
      id: 1,
      title: 'Наращивание волос',
      cost: 100,
      manual_cost: 100,
      cost_per_unit: 100,
      discount: 0,
      first_cost: 100,
      amount: 1,
    },
  ],
  goods_transactions: [],
  staff: { id: 9, api_id: null, name: 'Оксана', specialization: 'наращивание волос' },
  client: {
    id: 18936825,
    name: 'lx',
    phone: '+79001234567',
    card: '',
    email: 'client@example.com',
    success_visits_count: 37,
    fail_visits_count: 3,
  },
  clients_count: 1,
  date: '2019-01-17 03:30:00',
  datetime: '2019-01-17T03:30:00+09:00',
  create_date: '2019-01-17T19:41:44+0900',
  comment: 'не записывать',
  visit_attendance: 0,
  attendance: 0,
  confirmed: 1,
  seance_length: 3600,
  length: 3600,
  api_id: '',
  visit_id: '8263004',
  deleted: false,
  paid_full: 0,
  prepaid: false,
  last_change_date: '2019-01-17T19:44:14+0900',
  record_labels: [
    { id: '67345', title: 'Сотрудник не важен', color: '#009800', icon: 'unlock', font_color: '#ffffff' },
    { id: 104474, title: 'интересная категория', color: '#3b2c54', icon: 'odnoklassniki', font_color: '#ffffff' },
  ],
  custom_fields: {},
});

describe('phones', () => {
  it.each([
    ['+7 916 123-45-67', '79161234567'],
    ['+7 (916) 123-45-67', '79161234567'],
    ['89161234567', '79161234567'],
    ['8 (916) 123-45-67', '79161234567'],
    ['9161234567', '79161234567'],
    ['79161234567', '79161234567'],
    // No number of the +7 zone starts with 0, one digit short or over is none either.
    ['+70001234567', ''],
    ['8916123456', ''],
    ['+7 916 123-45-678', ''],
    // With '+', the digits are the country code already: Vietnam, not a Russian 8-number.
    ['+84912345678', '84912345678'],
    ['+375 29 123-45-67', '375291234567'],
    [79161234567, '79161234567'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe('dates', () => {
  it('reads the offsets YCLIENTS writes: +03:00, +0300, +10:00, Z', () => {
    expect(parseYclientsDate('2026-03-10T12:00:00+03:00')?.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(parseYclientsDate('2026-03-10T12:00:00+0300')?.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(parseYclientsDate('2026-03-10T12:00:00+10:00')?.toISOString()).toBe('2026-03-10T02:00:00.000Z');
    expect(parseYclientsDate('2026-03-10T01:30:00+10:00')?.toISOString()).toBe('2026-03-09T15:30:00.000Z');
    expect(parseYclientsDate('2014-09-21T23:00:00.000+03:00')?.toISOString()).toBe('2014-09-21T20:00:00.000Z');
    expect(parseYclientsDate('2015-10-01T17:00:00Z')?.toISOString()).toBe('2015-10-01T17:00:00.000Z');
    expect(parseYclientsDate('2026-03-10T12:00:00-05:00')?.toISOString()).toBe('2026-03-10T17:00:00.000Z');
  });

  it('reads a date without an offset on the clock it is given, and refuses it otherwise', () => {
    expect(parseYclientsDate('2019-01-16 16:00:00', 9 * 60)?.toISOString()).toBe('2019-01-16T07:00:00.000Z');
    expect(parseYclientsDate('2019-01-16 16:00:00')).toBeNull();
  });

  it('refuses what is not a date', () => {
    expect(parseYclientsDate('2019-02-30T10:00:00+03:00')).toBeNull();
    expect(parseYclientsDate('yesterday')).toBeNull();
    expect(parseYclientsDate(1547625600)).toBeNull();
    expect(parseYclientsDate(null)).toBeNull();
  });

  it('knows a company zone by IANA name or by hours', () => {
    const at = new Date('2026-03-10T09:00:00Z');
    expect(zoneOffsetMinutes('Europe/Moscow', at)).toBe(180);
    expect(zoneOffsetMinutes('Asia/Vladivostok', at)).toBe(600);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-01-01T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes(3, at)).toBe(180);
    expect(zoneOffsetMinutes('10', at)).toBe(600);
    expect(zoneOffsetMinutes('+05:30', at)).toBe(330);
    expect(zoneOffsetMinutes('Mars/Olympus', at)).toBeUndefined();
    expect(zoneOffsetMinutes(undefined, at)).toBeUndefined();
  });

  it('writes the wall clock YCLIENTS filters take (changed_after)', () => {
    expect(wallTime(new Date('2026-03-10T09:00:00.750Z'), 180)).toBe('2026-03-10T12:00:00');
    expect(wallTime(new Date('2026-03-10T20:00:00Z'), 600)).toBe('2026-03-11T06:00:00');
  });
});

describe('records', () => {
  it('normalises the Blueprint example', () => {
    expect(normaliseRecord(apibRecord())).toEqual({
      id: '2',
      clientId: '18936825',
      clientName: 'lx',
      clientPhone: '79001234567',
      staffId: '9',
      staffName: 'Оксана',
      services: [{ id: '1', title: 'Наращивание волос', cost: 100, categoryId: null, amount: 1 }],
      goods: [],
      startsAt: new Date('2019-01-16T18:30:00Z'),
      lengthSec: 3600,
      attendance: 0,
      deleted: false,
      paid: false,
      online: false,
      labels: ['67345', '104474'],
      comment: 'не записывать',
      shortLink: null,
      createdAt: new Date('2019-01-17T10:41:44Z'),
      changedAt: new Date('2019-01-17T10:44:14Z'),
      deletedAt: null,
    });
  });

  it('places the same wall time at different instants in +03:00 and +10:00 companies', () => {
    const moscow = normaliseRecord({ ...apibRecord(), datetime: '2026-03-12T15:00:00+03:00' });
    const vladivostok = normaliseRecord({ ...apibRecord(), datetime: '2026-03-12T15:00:00+10:00' });
    expect(moscow.startsAt.toISOString()).toBe('2026-03-12T12:00:00.000Z');
    expect(vladivostok.startsAt.toISOString()).toBe('2026-03-12T05:00:00.000Z');
  });

  it('reads dates without an offset on the clock of the record’s datetime', () => {
    const r = normaliseRecord({
      ...apibRecord(),
      datetime: '2026-03-12T15:00:00+10:00',
      create_date: '2026-03-01 09:00:00',
    });
    expect(r.createdAt.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    // `date` alone has no clock to be read on: the record is refused, not misplaced.
    expect(() => normaliseRecord({ ...apibRecord(), datetime: undefined })).toThrow(/datetime/);
  });

  it('refuses a record without a readable start', () => {
    expect(() => normaliseRecord({ id: 5, services: [] })).toThrow(/datetime/);
    expect(() => normaliseRecord({ datetime: '2026-03-12T15:00:00+03:00' })).toThrow(/id/);
    expect(() => normaliseRecord(null)).toThrow();
  });

  it.each([
    [{ paid_full: 1 }, { paid: true }],
    [{ paid_full: '1' }, { paid: true }],
    [{ paid_full: 0, prepaid: true }, { paid: false }],
    [{ paid_full: 2 }, { paid: false }],
    [{ attendance: -1 }, { attendance: -1 }],
    [{ attendance: 1 }, { attendance: 1 }],
    [{ attendance: '2' }, { attendance: 2 }],
    [{ deleted: true }, { deleted: true }],
    [{ deleted: 1 }, { deleted: true }],
    [{ deleted: 0 }, { deleted: false }],
    [{ online: true }, { online: true }],
    [{ short_link: 'https://yclients.com/r/abc' }, { shortLink: 'https://yclients.com/r/abc' }],
    [{ client: null }, { clientId: null, clientName: '', clientPhone: '' }],
    [{ client: [] }, { clientId: null, clientPhone: '' }],
    [{ client: { id: 5, name: 'Ира', phone: '8 (916) 123-45-67' } }, { clientId: '5', clientPhone: '79161234567' }],
    [
      { staff_id: 0, staff: [] },
      { staffId: null, staffName: '' },
    ],
  ])('%j → %j', (patch, expected) => {
    expect(normaliseRecord({ ...apibRecord(), ...patch })).toMatchObject(expected);
  });

  it('maps services with their categories and amounts, and goods from goods_transactions', () => {
    const r = normaliseRecord({
      ...apibRecord(),
      services: [
        { id: '83169', title: 'Мужская стрижка', cost: '1300.00', category_id: '83167', amount: 2 },
        { id: 0, title: 'broken' },
      ],
      goods_transactions: [
        { id: 3428010, good_id: 232674, good: { id: 232674, title: 'Edition De Luxe' }, amount: -1, cost: 90 },
        { id: '2168657', title: 'Vital Creme Shampoo Plus', amount: '-2.000000000', cost: '24.00', good_id: '232658' },
        { id: 1, good_id: 5, amount: -1, cost: 10, deleted: true },
      ],
    });
    expect(r.services).toEqual([{ id: '83169', title: 'Мужская стрижка', cost: 1300, categoryId: '83167', amount: 2 }]);
    expect(r.goods).toEqual([
      { id: '232674', title: 'Edition De Luxe', cost: 90, amount: 1 },
      { id: '232658', title: 'Vital Creme Shampoo Plus', cost: 24, amount: 2 },
    ]);
  });
});

describe('clients', () => {
  it('normalises GET /client', () => {
    const client = normaliseClient(
      {
        id: 66,
        name: 'Клиент',
        phone: '+79112345678',
        email: 'asdfgh@g.com',
        categories: [
          { id: 3, title: 'Черный список', color: '#0f0f0f' },
          { id: 4, title: 'VIP', color: '#e8d313' },
        ],
        sex_id: 0,
        sex: 'Женский',
        birth_date: '2011-08-12',
        visits: 34,
        last_change_date: '2020-02-01T12:00:00+0400',
      },
      150,
    );
    expect(client).toEqual({
      id: '66',
      name: 'Клиент',
      phone: '79112345678',
      email: 'asdfgh@g.com',
      birthday: '2011-08-12',
      sex: 0,
      categories: ['3', '4'],
      successVisits: 34,
      failVisits: 0,
      bonusBalance: 150,
      createdAt: new Date('2020-02-01T08:00:00Z'),
      updatedAt: new Date('2020-02-01T08:00:00Z'),
    });
  });

  it('reads sex from its name when sex_id is absent, and empty fields as null', () => {
    const client = normaliseClient({
      id: 16,
      name: 'Юрий',
      phone: '89112345679',
      email: '',
      sex: 'Мужской',
      birth_date: '',
    });
    expect(client).toMatchObject({ phone: '79112345679', email: null, sex: 1, birthday: null, categories: [] });
  });

  it('reads the "no birthday" placeholders as no birthday', () => {
    for (const birth_date of ['1970-01-01', '0000-00-00']) {
      expect(normaliseClient({ id: 17, name: 'Ольга', phone: '+79110000017', birth_date }).birthday).toBeNull();
    }
    expect(normaliseClient({ id: 18, name: 'Ольга', phone: '+79110000018', birth_date: '1970-01-02' }).birthday).toBe(
      '1970-01-02',
    );
  });
});

describe('reference lists', () => {
  it('maps each kind and drops fired staff and deleted labels', () => {
    expect(normaliseReference('services', [{ id: '79067', title: 'Бритье головы', category_id: '4' }])).toEqual([
      { id: '79067', title: 'Бритье головы', categoryId: '4' },
    ]);
    expect(
      normaliseReference('staff', [
        { id: 1001539, name: 'Сотрудник 1', fired: 0 },
        { id: 7, name: 'Уволен', fired: 1 },
      ]),
    ).toEqual([{ id: '1001539', title: 'Сотрудник 1' }]);
    expect(normaliseReference('goods', [{ good_id: '123456', title: 'Шампунь 1', value: 'Шампунь 1' }])).toEqual([
      { id: '123456', title: 'Шампунь 1' },
    ]);
    expect(
      normaliseReference('record_labels', [
        { id: '4815162342', title: 'Label One', entity: '2', deleted: '0' },
        { id: '1', title: 'Old', entity: '2', deleted: '1' },
      ]),
    ).toEqual([{ id: '4815162342', title: 'Label One' }]);
    // The labels example wraps its list in an object.
    expect(normaliseReference('client_category', { 0: { id: 3, title: 'Постоянный клиент', deleted: 0 } })).toEqual([
      { id: '3', title: 'Постоянный клиент' },
    ]);
    expect(normaliseReference('loyalty_card_types', [{ id: 10992, title: '5+2', salon_group_id: 145071 }])).toEqual([
      { id: '10992', title: '5+2' },
    ]);
    expect(normaliseReference('categories', null)).toEqual([]);
  });
});
