import { addDays, localParts, zonedToUtc, type LocalParts } from '@salon/contract/zoned-time';
import type { Db } from '../platform/db/client.js';
import type { CrmClient, CrmRecord } from '../crm/crm.js';
import { localShortLink, recordGoods, recordServices } from '../crm/drivers/local/local-crm.js';
import { recordCost } from '../crm/repository.js';
import {
  crmClientCategories,
  crmClients,
  crmConnections,
  crmGoods,
  crmLoyaltyCardTypes,
  crmRecordLabels,
  crmRecords,
  crmServiceCategories,
  crmServices,
  crmStaff,
} from '../crm/schema.js';

export interface DemoCrmBranch {
  accId: number;
  // The CRM's company id (branches.branch_id).
  companyId: number;
  timeZone: string;
  // The network whose loyalty cards these are.
  salonGroupId: string;
  // Prices differ by city.
  priceFactor: number;
}

// Deterministic pseudo-random numbers (mulberry32): the same seed and clock give the same salon.
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;

const CATEGORIES = [
  { id: '1', title: 'Стрижки' },
  { id: '2', title: 'Окрашивание' },
  { id: '3', title: 'Маникюр' },
  { id: '4', title: 'Педикюр' },
  { id: '5', title: 'Косметология' },
] as const;
type CategoryId = (typeof CATEGORIES)[number]['id'];

// Moscow prices in RUB; durations in minutes.
const SERVICES: readonly { title: string; category: CategoryId; price: number; spread: number; minutes: number }[] = [
  { title: 'Женская стрижка', category: '1', price: 2500, spread: 1000, minutes: 60 },
  { title: 'Мужская стрижка', category: '1', price: 1500, spread: 500, minutes: 45 },
  { title: 'Детская стрижка', category: '1', price: 1200, spread: 0, minutes: 30 },
  { title: 'Укладка', category: '1', price: 1800, spread: 700, minutes: 45 },
  { title: 'Окрашивание в один тон', category: '2', price: 4500, spread: 2500, minutes: 120 },
  { title: 'Мелирование', category: '2', price: 6000, spread: 3000, minutes: 150 },
  { title: 'Тонирование', category: '2', price: 3000, spread: 1000, minutes: 90 },
  { title: 'Маникюр классический', category: '3', price: 1500, spread: 0, minutes: 60 },
  { title: 'Маникюр с покрытием гель-лак', category: '3', price: 2500, spread: 500, minutes: 90 },
  { title: 'Снятие покрытия', category: '3', price: 500, spread: 0, minutes: 20 },
  { title: 'Педикюр классический', category: '4', price: 2500, spread: 0, minutes: 75 },
  { title: 'Педикюр с покрытием гель-лак', category: '4', price: 3200, spread: 500, minutes: 100 },
  { title: 'Чистка лица', category: '5', price: 3500, spread: 1000, minutes: 90 },
  { title: 'Массаж лица', category: '5', price: 2000, spread: 0, minutes: 45 },
  { title: 'Коррекция и окрашивание бровей', category: '5', price: 1200, spread: 300, minutes: 40 },
];

const GOODS = [
  { title: 'Шампунь восстанавливающий', price: 1200 },
  { title: 'Маска для волос', price: 1500 },
  { title: 'Термозащитный спрей', price: 1100 },
  { title: 'Масло для кутикулы', price: 600 },
  { title: 'Крем для рук', price: 800 },
];

const CLIENT_CATEGORIES = [
  { id: '1', title: 'Постоянный' },
  { id: '2', title: 'VIP' },
  { id: '3', title: 'Новый' },
] as const;
const [REGULAR, VIP, NEW] = ['1', '2', '3'] as const;

const LABELS = [
  { id: '1', title: 'Первый визит' },
  { id: '2', title: 'Онлайн-запись' },
  { id: '3', title: 'Повторный визит' },
  { id: '4', title: 'По рекомендации' },
  { id: '5', title: 'Акция' },
] as const;
const [FIRST_VISIT, ONLINE, REPEAT, REFERRAL, PROMO] = ['1', '2', '3', '4', '5'] as const;

const CARD_TYPES = [
  { id: '1', title: 'Бонусная карта 5%' },
  { id: '2', title: 'Бонусная карта 10%' },
  { id: '3', title: 'VIP-карта 15%' },
];

// Each master does the categories of their specialization.
const SPECIALIZATIONS: readonly { title: string; categories: readonly CategoryId[] }[] = [
  { title: 'стилист', categories: ['1', '2'] },
  { title: 'колорист', categories: ['2', '1'] },
  { title: 'мастер маникюра', categories: ['3'] },
  { title: 'мастер маникюра и педикюра', categories: ['3', '4'] },
  { title: 'косметолог', categories: ['5'] },
  { title: 'парикмахер-стилист', categories: ['1'] },
];
const MOSCOW_STAFF = [
  'Анна Смирнова',
  'Екатерина Волкова',
  'Ольга Кузнецова',
  'Марина Лебедева',
  'Дарья Морозова',
  'Ирина Павлова',
];
const STAFF_FIRST = [
  'Алина',
  'Виктория',
  'Юлия',
  'Светлана',
  'Наталья',
  'Ксения',
  'Полина',
  'Елена',
  'Татьяна',
  'Алёна',
];
const STAFF_LAST = [
  'Соловьёва',
  'Васильева',
  'Зайцева',
  'Голубева',
  'Виноградова',
  'Богданова',
  'Фёдорова',
  'Михайлова',
  'Белова',
  'Тарасова',
];

const WOMEN_FIRST = [
  'Мария',
  'Анастасия',
  'Елизавета',
  'Софья',
  'Валерия',
  'Кристина',
  'Вероника',
  'Людмила',
  'Галина',
  'Оксана',
  'Евгения',
  'Надежда',
  'Лариса',
  'Ульяна',
  'Диана',
  'Маргарита',
];
const WOMEN_LAST = [
  'Иванова',
  'Петрова',
  'Сидорова',
  'Козлова',
  'Новикова',
  'Попова',
  'Орлова',
  'Егорова',
  'Никитина',
  'Захарова',
  'Комарова',
  'Крылова',
  'Гусева',
  'Титова',
];
const MEN_FIRST = ['Алексей', 'Дмитрий', 'Сергей', 'Андрей', 'Максим', 'Илья', 'Павел', 'Роман'];
const MEN_LAST = ['Иванов', 'Смирнов', 'Кузнецов', 'Соколов', 'Морозов', 'Волков', 'Алексеев', 'Лебедев'];

export const DEMO_CRM_SIZES = {
  staff: 6,
  services: SERVICES.length,
  goods: GOODS.length,
  clients: 40,
  records: 60,
} as const;
const PAST_DAYS = 30;
const FUTURE_DAYS = 14;
const OPEN_HOUR = 10;
const CLOSE_HOUR = 20;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const ymd = (p: LocalParts) => `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;

// The local CRM of one demo branch: masters, the price list, clients and ~60 bookings around
// `now` (the past 30 days came or did not come, the next 14 days waiting or confirmed), all inside
// working hours 10:00–20:00 of the branch's zone. Written as plain rows: the past is not news, so
// no inbox events.
export async function seedDemoCrm(tx: Db, branch: DemoCrmBranch, now: Date): Promise<void> {
  const random = prng(branch.accId * 7919);
  const { accId } = branch;

  await tx.insert(crmConnections).values({ accId, kind: 'local', companyId: branch.companyId });
  await tx.insert(crmServiceCategories).values(CATEGORIES.map((c) => ({ accId, ...c })));
  await tx.insert(crmClientCategories).values(CLIENT_CATEGORIES.map((c) => ({ accId, ...c })));
  await tx.insert(crmRecordLabels).values(LABELS.map((l) => ({ accId, ...l })));
  await tx.insert(crmLoyaltyCardTypes).values(
    // salon_group_id is typed loosely by schema.ts's reference() helper; the column exists.
    CARD_TYPES.map(
      (c) => ({ accId, ...c, salonGroupId: branch.salonGroupId }) as typeof crmLoyaltyCardTypes.$inferInsert,
    ),
  );

  const staffNames =
    accId === 1001 ? MOSCOW_STAFF : uniqueNames(random, STAFF_FIRST, STAFF_LAST, SPECIALIZATIONS.length);
  const staff = SPECIALIZATIONS.map((s, i) => ({
    id: String(i + 1),
    title: staffNames[i]!,
    specialization: s.title,
    categories: s.categories,
  }));
  await tx
    .insert(crmStaff)
    .values(
      staff.map(
        (s) => ({ accId, id: s.id, title: s.title, specialization: s.specialization }) as typeof crmStaff.$inferInsert,
      ),
    );

  const services = SERVICES.map((s, i) => {
    const price = roundTo(s.price * branch.priceFactor, 50);
    return {
      accId,
      id: String(i + 1),
      title: s.title,
      categoryId: s.category as string,
      priceMin: price,
      priceMax: price + roundTo(s.spread * branch.priceFactor, 50),
      durationSec: s.minutes * 60,
      active: true,
    };
  });
  await tx.insert(crmServices).values(services);
  const goods = GOODS.map((g, i) => ({
    accId,
    id: String(i + 1),
    title: g.title,
    price: roundTo(g.price * branch.priceFactor, 50),
    active: true,
  }));
  await tx.insert(crmGoods).values(goods);

  const clients = demoClients(random, accId, now);
  const records = demoRecords(random, branch, now, staff, services, goods, clients);

  // Visit counters: some history before the demo window, plus the window's own visits.
  for (const r of records) {
    const client = clients.find((c) => c.id === r.clientId)!;
    if (r.attendance === 1) client.successVisits += 1;
    if (r.attendance === -1) client.failVisits += 1;
  }
  for (const c of clients) {
    if (c.successVisits >= 5) c.categories = [REGULAR];
    if (c.successVisits <= 1) c.categories = [NEW];
    if (c.vip) c.categories = [VIP, ...c.categories.filter((x) => x === REGULAR)];
  }
  await tx.insert(crmClients).values(clients.map(({ vip: _vip, ...c }) => ({ accId, ...c })));
  await tx.insert(crmRecords).values(records.map((r) => ({ accId, ...r, cost: recordCost(r.services, r.goods) })));
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

// Masters of one salon have different first and last names.
function uniqueNames(random: Random, first: readonly string[], last: readonly string[], count: number): string[] {
  const firsts = shuffled(random, first);
  const lasts = shuffled(random, last);
  return Array.from({ length: count }, (_, i) => `${firsts[i]!} ${lasts[i]!}`);
}

interface DemoClient extends CrmClient {
  vip: boolean;
}

function demoClients(random: Random, accId: number, now: Date): DemoClient[] {
  const branchDigit = accId % 10;
  const used = new Set<string>();
  const clients: DemoClient[] = [];
  for (let i = 0; i < DEMO_CRM_SIZES.clients; i += 1) {
    const man = chance(random, 0.2);
    let name: string;
    do {
      name = man
        ? `${pick(random, MEN_FIRST)} ${pick(random, MEN_LAST)}`
        : `${pick(random, WOMEN_FIRST)} ${pick(random, WOMEN_LAST)}`;
    } while (clients.some((c) => c.name === name));
    // 7999…: obviously not a real subscriber. The first three end like the sandbox's special numbers
    // (…0000 SMS only, …0001 Telegram only, …0002 WhatsApp only).
    let phone = '';
    if (i < 3) phone = `7999${branchDigit}0${i}000${i}`.slice(0, 11);
    while (!phone || used.has(phone)) phone = `7999${branchDigit}${String(int(random, 100000, 999999))}`;
    used.add(phone);
    const createdAt = new Date(now.getTime() - int(random, 35, 900) * 86_400_000);
    const birthday = chance(random, 0.8)
      ? `${int(random, 1968, 2004)}-${String(int(random, 1, 12)).padStart(2, '0')}-${String(int(random, 1, 28)).padStart(2, '0')}`
      : null;
    const history = chance(random, 0.3) ? 0 : int(random, 1, 14);
    clients.push({
      id: String(i + 1),
      name,
      phone,
      email: chance(random, 0.4) ? `client${accId}-${i + 1}@example.com` : null,
      birthday,
      sex: man ? 1 : 2,
      categories: [],
      successVisits: history,
      failVisits: history > 3 && chance(random, 0.3) ? 1 : 0,
      bonusBalance: history > 0 && chance(random, 0.5) ? roundTo(int(random, 100, 2500), 50) : 0,
      createdAt,
      updatedAt: createdAt,
      vip: history >= 8 && chance(random, 0.4),
    });
  }
  return clients;
}

type DemoRecord = CrmRecord;

function demoRecords(
  random: Random,
  branch: DemoCrmBranch,
  now: Date,
  staff: readonly { id: string; title: string; categories: readonly CategoryId[] }[],
  services: readonly (typeof crmServices.$inferSelect)[],
  goods: readonly (typeof crmGoods.$inferSelect)[],
  clients: readonly DemoClient[],
): DemoRecord[] {
  const today = localParts(now, branch.timeZone);
  const busy = new Map<string, [number, number][]>();
  const drafts: Omit<DemoRecord, 'id' | 'shortLink'>[] = [];
  const pastCount = Math.round((DEMO_CRM_SIZES.records * PAST_DAYS) / (PAST_DAYS + FUTURE_DAYS));

  for (let n = 0, tries = 0; drafts.length < DEMO_CRM_SIZES.records && tries < 2000; tries += 1) {
    const past = n < pastCount;
    // Some of each kind fall on today, before and after the current hour.
    const offset = past ? -int(random, 0, PAST_DAYS) : chance(random, 0.2) ? 0 : int(random, 1, FUTURE_DAYS - 1);
    const master = pick(random, staff);
    const category = pick(random, master.categories);
    const inCategory = services.filter((s) => s.categoryId === category);
    const chosen = [pick(random, inCategory)];
    if (chance(random, 0.25)) {
      const second = pick(random, inCategory);
      if (second.id !== chosen[0]!.id) chosen.push(second);
    }
    const minutes = chosen.reduce((sum, s) => sum + s.durationSec / 60, 0);
    const latestStart = CLOSE_HOUR * 60 - minutes;
    if (latestStart < OPEN_HOUR * 60) continue;
    const startMinute = OPEN_HOUR * 60 + roundTo(int(random, 0, latestStart - OPEN_HOUR * 60), 30);
    const start = Math.min(startMinute, latestStart - (latestStart % 15));
    const day = addDays({ ...today, hour: 0, minute: 0 }, offset);
    // One client at a time per master.
    const key = `${master.id}:${ymd(day)}`;
    const taken = busy.get(key) ?? [];
    if (taken.some(([a, b]) => start < b && a < start + minutes)) continue;
    const startsAt = zonedToUtc({ ...day, hour: Math.floor(start / 60), minute: start % 60 }, branch.timeZone);
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    // Today's bookings are over or still ahead, as their kind says; none is under way.
    const happened = endsAt.getTime() <= now.getTime();
    if (past !== happened || (!past && startsAt.getTime() < now.getTime())) continue;
    busy.set(key, [...taken, [start, start + minutes]]);
    n += 1;

    const client = pick(random, clients);
    const online = chance(random, 0.35);
    const createdAt = new Date(
      Math.min(startsAt.getTime() - int(random, 1, 14 * 24) * 3_600_000, now.getTime() - 3_600_000),
    );
    const attendance = happened ? (chance(random, 0.9) ? 1 : -1) : chance(random, 0.4) ? 2 : 0;
    const labels: string[] = [];
    if (client.successVisits === 0) labels.push(FIRST_VISIT);
    else if (chance(random, 0.3)) labels.push(REPEAT);
    if (online) labels.push(ONLINE);
    if (chance(random, 0.1)) labels.push(pick(random, [REFERRAL, PROMO]));
    const boughtGoods = attendance === 1 && chance(random, 0.15) ? [pick(random, goods).id] : [];
    drafts.push({
      clientId: client.id,
      clientName: client.name,
      clientPhone: client.phone,
      staffId: master.id,
      staffName: master.title,
      services: recordServices(
        chosen,
        chosen.map((s) => s.id),
      ),
      goods: recordGoods(goods, boughtGoods),
      startsAt,
      lengthSec: minutes * 60,
      attendance,
      deleted: false,
      paid: attendance === 1,
      online,
      labels,
      comment: chance(random, 0.1)
        ? pick(random, ['Аллергия на аммиак', 'Просила напомнить накануне', 'Придёт с дочерью'])
        : '',
      createdAt,
      // Attendance and payment were marked at the end of the visit.
      changedAt: happened ? endsAt : createdAt,
      deletedAt: null,
    });
  }
  // Booking systems number records in the order they were made.
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.startsAt.getTime() - b.startsAt.getTime());
  return drafts.map((d, i) => ({ ...d, id: String(i + 1), shortLink: localShortLink(branch.accId, String(i + 1)) }));
}
