import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.js';
import { startFakeYclients, type FakeYclients } from '../../../test-support/fake-yclients-server.js';
import { SlotTaken, type CrmBranch, type CrmDriver } from '../../crm.js';
import { TokenBucket } from './token-bucket.js';
import { YclientsError } from './yclients-client.js';
import { yclientsDriver } from './yclients-driver.js';

const MOSCOW = 4564;
const VLADIVOSTOK = 7700;
const moscow: CrmBranch = { accId: 1, kind: 'yclients', companyId: MOSCOW, userToken: 'user-msk' };
const vladivostok: CrmBranch = { accId: 2, kind: 'yclients', companyId: VLADIVOSTOK, userToken: 'user-vvo' };
const DAY = '2026-03-12';
const IRINA = 5905;
const OLEG = 5907;
const HAIRCUT = '83169';
const SHAVE = '79067';

// As the Blueprint's GET /company/{id}/services shows them: strings for numbers, staff with lengths.
const SERVICES = [
  {
    id: HAIRCUT,
    title: 'Мужская стрижка',
    category_id: '83167',
    price_min: '1300.00',
    price_max: '1500.00',
    active: '1',
    staff: [
      { id: String(IRINA), seance_length: '2700' },
      { id: String(OLEG), seance_length: '3600' },
    ],
  },
  {
    id: SHAVE,
    title: 'Бритье головы',
    category_id: '4',
    price_min: '1000.00',
    price_max: '1000.00',
    active: '1',
    staff: [{ id: String(OLEG), seance_length: '1800' }],
  },
  { id: '1', title: 'Не для онлайн-записи', category_id: '4', price_min: '1', price_max: '1', active: '0', staff: [] },
];
const STAFF = [
  { id: IRINA, name: 'Ирина', specialization: 'стилист', fired: 0 },
  { id: OLEG, name: 'Олег', specialization: '', fired: 0 },
  { id: 5999, name: 'Уволенный', specialization: '', fired: 1 },
];

const at = (iso: string) => new Date(iso);
async function thrown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (e: unknown) => e,
  );
}

// Booking through the YCLIENTS driver against the fake YCLIENTS (schedules, book_times, POST /records
// with save_if_busy=false refusing a taken or non-working time).
describe('YCLIENTS driver: booking', () => {
  let fake: FakeYclients;
  let driver: CrmDriver;
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    fake = await startFakeYclients({ now: () => clock.now() });
    driver = yclientsDriver({
      partnerToken: fake.partnerToken,
      baseUrl: fake.baseUrl,
      limiter: new TokenBucket({ perSecond: 10_000 }),
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    clock.set('2026-03-10T09:00:00Z');
    for (const [id, userToken, timezone, offset] of [
      [MOSCOW, 'user-msk', 'Europe/Moscow', '+03:00'],
      [VLADIVOSTOK, 'user-vvo', 'Asia/Vladivostok', '+10:00'],
    ] as const) {
      fake.addCompany({ id, userToken, timezone, offset });
      fake.setReference(id, 'services', SERVICES);
      fake.setReference(id, 'staff', STAFF);
      fake.setReference(id, 'service_categories', [
        { id: 83167, title: 'Стрижки' },
        { id: 4, title: 'Бритьё' },
      ]);
      fake.setSchedule(id, IRINA, DAY, ['10:00', '20:00']);
      fake.setSchedule(id, OLEG, DAY, ['12:00', '14:00']);
    }
    fake.requests.length = 0;
  });

  const slots = (query: { serviceId?: string; staffId?: string }, branch = moscow, timeZone = 'Europe/Moscow') =>
    driver.freeSlots(branch, { day: DAY, timeZone, ...query });
  const book = (startsAt: Date, staffId = String(IRINA), serviceIds = [HAIRCUT], branch = moscow) =>
    driver.book(branch, {
      client: { name: 'Пётр', phone: '+7 916 555-00-11' },
      staffId,
      serviceIds,
      startsAt,
      comment: 'через ИИ',
    });

  it('reads the catalogue: prices and lengths from the strings, masters per service, fired and hidden left out', async () => {
    const catalogue = await driver.catalogue(moscow);
    expect(catalogue.services).toEqual([
      {
        id: HAIRCUT,
        title: 'Мужская стрижка',
        categoryId: '83167',
        priceMin: 1300,
        priceMax: 1500,
        durationSec: 3600,
        staffIds: [String(IRINA), String(OLEG)],
      },
      {
        id: SHAVE,
        title: 'Бритье головы',
        categoryId: '4',
        priceMin: 1000,
        priceMax: 1000,
        durationSec: 1800,
        staffIds: [String(OLEG)],
      },
    ]);
    expect(catalogue.staff).toEqual([
      { id: String(IRINA), name: 'Ирина', specialization: 'стилист' },
      { id: String(OLEG), name: 'Олег', specialization: null },
    ]);
    expect(catalogue.categories).toEqual([
      { id: '83167', title: 'Стрижки' },
      { id: '4', title: 'Бритьё' },
    ]);
  });

  it('asks book_times of each master who does the service and merges their sessions by time', async () => {
    const free = await slots({ serviceId: HAIRCUT });
    const asked = fake.requests.filter((r) => r.path.startsWith('/book_times/'));
    expect(asked.map((r) => r.path)).toEqual([
      `/book_times/${MOSCOW}/${IRINA}/${DAY}`,
      `/book_times/${MOSCOW}/${OLEG}/${DAY}`,
    ]);
    expect(asked.every((r) => r.query.getAll('service_ids[]').join() === HAIRCUT)).toBe(true);
    const irina = free.filter((s) => s.staffId === String(IRINA));
    expect(irina[0]).toEqual({
      staffId: String(IRINA),
      staffName: 'Ирина',
      startsAt: at('2026-03-12T07:00:00Z'),
      lengthSec: 2700,
    });
    // 45 minutes on a 30-minute grid: the last start that ends by 20:00 is 19:00.
    expect(irina.at(-1)!.startsAt).toEqual(at('2026-03-12T16:00:00Z'));
    const oleg = free.filter((s) => s.staffId === String(OLEG));
    expect(oleg.map((s) => s.startsAt)).toEqual([
      at('2026-03-12T09:00:00Z'),
      at('2026-03-12T09:30:00Z'),
      at('2026-03-12T10:00:00Z'),
    ]);
    expect(oleg.every((s) => s.lengthSec === 3600 && s.staffName === 'Олег')).toBe(true);
    const times = free.map((s) => s.startsAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('a master who does not do the service, or has a day off, has no sessions', async () => {
    expect(await slots({ serviceId: SHAVE, staffId: String(IRINA) })).toEqual([]);
    expect(fake.requests.some((r) => r.path.startsWith('/book_times/'))).toBe(false);
    fake.setSchedule(MOSCOW, OLEG, DAY, null);
    expect(await slots({ serviceId: SHAVE })).toEqual([]);
    expect(await slots({ serviceId: 'no-such' })).toEqual([]);
  });

  it('books through POST /records with save_if_busy=false; the session is gone afterwards', async () => {
    const record = await book(at('2026-03-12T10:00:00Z'));
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === `/records/${MOSCOW}`)!;
    expect(post.json).toEqual({
      staff_id: IRINA,
      services: [{ id: Number(HAIRCUT) }],
      client: { phone: '79165550011', name: 'Пётр' },
      datetime: '2026-03-12T13:00:00+03:00',
      seance_length: 2700,
      save_if_busy: false,
      send_sms: false,
      comment: 'через ИИ',
    });
    expect(record).toMatchObject({
      staffId: String(IRINA),
      staffName: 'Ирина',
      clientPhone: '79165550011',
      clientName: 'Пётр',
      startsAt: at('2026-03-12T10:00:00Z'),
      lengthSec: 2700,
      comment: 'через ИИ',
    });
    expect(record.clientId).not.toBeNull();
    expect(record.services.map((s) => s.id)).toEqual([HAIRCUT]);
    expect(fake.record(MOSCOW, Number(record.id))).toBeDefined();
    const left = (await slots({ staffId: String(IRINA), serviceId: HAIRCUT })).map((s) => s.startsAt.getTime());
    expect(left).not.toContain(at('2026-03-12T10:00:00Z').getTime());
    expect(left).not.toContain(at('2026-03-12T09:30:00Z').getTime());
    expect(left).toContain(at('2026-03-12T11:00:00Z').getTime());
  });

  it('writes the company’s own offset (Vladivostok +10:00)', async () => {
    const record = await book(at('2026-03-12T03:00:00Z'), String(IRINA), [HAIRCUT], vladivostok);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === `/records/${VLADIVOSTOK}`)!;
    expect((post.json as { datetime: string }).datetime).toBe('2026-03-12T13:00:00+10:00');
    expect(record.startsAt).toEqual(at('2026-03-12T03:00:00Z'));
    const free = await slots({ staffId: String(IRINA) }, vladivostok, 'Asia/Vladivostok');
    expect(free[0]!.startsAt).toEqual(at('2026-03-12T00:00:00Z'));
  });

  it('a taken or non-working time is SlotTaken; another refusal stays an error', async () => {
    await book(at('2026-03-12T10:00:00Z'));
    expect(await thrown(book(at('2026-03-12T10:30:00Z')))).toBeInstanceOf(SlotTaken);
    // Oleg works 12:00–14:00 only.
    expect(await thrown(book(at('2026-03-12T12:00:00Z'), String(OLEG)))).toBeInstanceOf(SlotTaken);
    const unknown = await thrown(book(at('2026-03-12T12:00:00Z'), String(IRINA), ['424242']));
    expect(unknown).toBeInstanceOf(YclientsError);
    expect(unknown).not.toBeInstanceOf(SlotTaken);
  });

  it('moves a record with PUT /record (its own fields, the new time, save_if_busy=false)', async () => {
    const record = await book(at('2026-03-12T10:00:00Z'));
    // Overlapping only its own old time is fine.
    const moved = await driver.moveRecord(moscow, record.id, at('2026-03-12T10:30:00Z'));
    expect(moved).toMatchObject({ id: record.id, startsAt: at('2026-03-12T10:30:00Z'), staffId: String(IRINA) });
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(put.json).toMatchObject({
      staff_id: IRINA,
      datetime: '2026-03-12T13:30:00+03:00',
      seance_length: 2700,
      save_if_busy: false,
      send_sms: false,
      client: { phone: '79165550011', name: 'Пётр' },
    });
    expect((put.json as { services: { id: number }[] }).services.map((s) => s.id)).toEqual([Number(HAIRCUT)]);

    const other = await book(at('2026-03-12T14:00:00Z'));
    expect(await thrown(driver.moveRecord(moscow, other.id, at('2026-03-12T11:00:00Z')))).toBeInstanceOf(SlotTaken);
    expect(await thrown(driver.moveRecord(moscow, other.id, at('2026-03-12T17:30:00Z')))).toBeInstanceOf(SlotTaken);
    expect((await driver.record(moscow, other.id))!.startsAt).toEqual(at('2026-03-12T14:00:00Z'));
  });

  it('finds a client’s coming records by the exact phone (clients search, then /records by client_id)', async () => {
    fake.putClient(MOSCOW, { id: 77, name: 'Ирина К', phone: '+7 916 123-45-67' });
    // Its phone contains the digits asked for: quick_search finds it, the driver must not keep it.
    fake.putClient(MOSCOW, { id: 78, name: 'Другая', phone: '791612345670' });
    const staff = { id: IRINA, name: 'Ирина' };
    const mine = { id: 77, name: 'Ирина К', phone: '79161234567' };
    const late = fake.createRecord(MOSCOW, { datetime: '2026-03-20T12:00:00', client: mine, staff });
    const soon = fake.createRecord(MOSCOW, { datetime: '2026-03-12T12:00:00', client: mine, staff });
    fake.createRecord(MOSCOW, { datetime: '2026-03-01T12:00:00', client: mine, staff });
    const gone = fake.createRecord(MOSCOW, { datetime: '2026-03-15T12:00:00', client: mine, staff });
    fake.deleteRecord(MOSCOW, Number(gone.id));
    // Same day, earlier than `from`.
    fake.createRecord(MOSCOW, { datetime: '2026-03-10T10:00:00', client: mine, staff });
    fake.createRecord(MOSCOW, {
      datetime: '2026-03-13T12:00:00',
      client: { id: 78, name: 'Другая', phone: '791612345670' },
      staff,
    });

    const records = await driver.clientRecords(moscow, '8 (916) 123-45-67', at('2026-03-10T09:00:00Z'));
    expect(records.map((r) => r.id)).toEqual([String(soon.id), String(late.id)]);
    const search = fake.requests.find((r) => r.path === `/company/${MOSCOW}/clients/search`)!;
    expect(search.json).toMatchObject({ filters: [{ type: 'quick_search', state: { value: '79161234567' } }] });
    const lists = fake.requests.filter((r) => r.path === `/records/${MOSCOW}`);
    expect(lists.map((r) => [r.query.get('client_id'), r.query.get('start_date')])).toEqual([['77', '2026-03-10']]);
    expect(await driver.clientRecords(moscow, '79160000000', at('2026-03-10T09:00:00Z'))).toEqual([]);
  });
});
