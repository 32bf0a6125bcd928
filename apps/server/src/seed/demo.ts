import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client.js';
import { agreements, headerBanners } from '../modules/accounts/schema.js';
import { consultants, partnerPromoCodes } from '../modules/partners/schema.js';
import { branches, branchMembers, networks, users } from '../platform/db/schema.js';
import { seedDemoCrm } from './demo-crm.js';
import { seedDemoPartners } from './demo-partners.js';
import { seedDemoTemplateHistory, seedDemoTemplates } from './demo-templates.js';

// Demo people; README.md lists the same ids and what each may do.
export const DEMO_USERS = {
  owner: 111111,
  templatesAdmin: 222222,
  sendOutOwner: 333333,
  salonConsultant: 444444,
  partnerConsultant: 555555,
} as const;

export const DEMO_BRANCHES = {
  moscow: 1001,
  yekaterinburg: 1002,
  vladivostok: 1003,
  sendOut: 1004,
} as const;

// The demo's paid-till day: the last day of the month ten months after `now` (2026-03-10 → 2027-01-31).
export function demoPayTill(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 11, 0)).toISOString().slice(0, 10);
}

// Writes the demo network once, on the first start of an empty database, in one transaction, with
// each branch's local CRM (staff, price list, clients, bookings around `now`).
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
    if (Number(existing[0]?.n ?? 0) > 0) return false;

    await tx.insert(users).values([
      { telegramId: DEMO_USERS.owner, name: 'Анна Соколова', lang: 'ru' },
      { telegramId: DEMO_USERS.templatesAdmin, name: 'Мария Иванова', lang: 'ru' },
      { telegramId: DEMO_USERS.sendOutOwner, name: 'Ольга Петрова', lang: 'ru' },
      { telegramId: DEMO_USERS.salonConsultant, name: 'Elena Smirnova', lang: 'en' },
      { telegramId: DEMO_USERS.partnerConsultant, name: 'Игорь Волков', lang: 'ru' },
    ]);
    const [network] = await tx.insert(networks).values({ name: 'Салон «Бархат»' }).returning({ id: networks.id });
    const [studio] = await tx.insert(networks).values({ name: 'Студия «Лак»' }).returning({ id: networks.id });
    // Paid well ahead of the day the demo is written (the last day of the month ten months on), so
    // a fresh `npm start` is never gated (modules/payments/gating.ts); Moscow has every module, so
    // its loyalty actions can be switched on.
    const payTill = demoPayTill(now);
    await tx.insert(branches).values([
      {
        accId: DEMO_BRANCHES.moscow,
        branchId: 501001,
        networkId: network!.id,
        name: 'Бархат на Тверской',
        address: 'Москва, ул. Тверская, 12',
        crmName: 'local',
        currency: 'RUB',
        timeZone: 'Europe/Moscow',
        activeModules: ['WA', 'TG', 'loyalty'],
        payPeriod: payTill,
        payStatus: true,
        showNeiroInterface: true,
      },
      {
        accId: DEMO_BRANCHES.yekaterinburg,
        branchId: 501002,
        networkId: network!.id,
        name: 'Бархат Екатеринбург',
        address: 'Екатеринбург, пр. Ленина, 40',
        crmName: 'local',
        currency: 'RUB',
        timeZone: 'Asia/Yekaterinburg',
        activeModules: ['TG'],
        payPeriod: payTill,
        payStatus: true,
      },
      {
        accId: DEMO_BRANCHES.vladivostok,
        branchId: 501003,
        networkId: network!.id,
        name: 'Бархат Владивосток',
        address: 'Владивосток, ул. Светланская, 5',
        crmName: 'local',
        currency: 'RUB',
        timeZone: 'Asia/Vladivostok',
        payStatus: false,
      },
      {
        accId: DEMO_BRANCHES.sendOut,
        branchId: 502001,
        networkId: studio!.id,
        name: 'Студия «Лак» — рассылки',
        address: 'Казань, ул. Баумана, 7',
        crmName: 'local',
        currency: 'RUB',
        timeZone: 'Europe/Moscow',
        sendOutAccount: true,
        // A send-out account pays for the channels it sends through.
        activeModules: ['WA', 'TG'],
        payPeriod: payTill,
        payStatus: true,
      },
    ]);
    // Serial columns were given explicit values: move the sequence past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('branches', 'acc_id'), (select max(acc_id) from branches))`,
    );

    const network3 = [DEMO_BRANCHES.moscow, DEMO_BRANCHES.yekaterinburg, DEMO_BRANCHES.vladivostok];
    await tx.insert(branchMembers).values([
      ...network3.map((accId) => ({ accId, userId: DEMO_USERS.owner, name: 'Анна Соколова', rights: ['owner'] })),
      ...network3.slice(0, 2).map((accId) => ({
        accId,
        userId: DEMO_USERS.templatesAdmin,
        name: 'Мария Иванова',
        rights: ['edit_templates'],
      })),
      { accId: DEMO_BRANCHES.sendOut, userId: DEMO_USERS.sendOutOwner, name: 'Ольга Петрова', rights: ['owner'] },
      {
        accId: DEMO_BRANCHES.moscow,
        userId: DEMO_USERS.salonConsultant,
        name: 'Elena Smirnova',
        rights: ['manage_wapp', 'sendouts'],
      },
    ]);
    await tx.insert(consultants).values([
      {
        userId: DEMO_USERS.salonConsultant,
        partnerType: 'salon',
        rights: ['owner'],
        promoCode: 'BARHAT',
        phone: '79161234567',
        bonusAccId: DEMO_BRANCHES.moscow,
        oneTimePayRate: 0.3,
        regularPayRate: 0.1,
      },
      {
        userId: DEMO_USERS.partnerConsultant,
        partnerType: 'consultant',
        rights: ['owner'],
        promoCode: 'VOLKOV',
        phone: '79035551234',
        partnerChatUrl: 'https://t.me/salon_partners_chat',
        oneTimePayRate: 0.5,
        regularPayRate: 0.2,
        oneTimeDiscount: 0.1,
      },
    ]);
    await tx.insert(partnerPromoCodes).values([
      { code: 'BARHAT', userId: DEMO_USERS.salonConsultant, name: 'Бархат', bonusDays: 14, isMain: true },
      { code: 'VOLKOV', userId: DEMO_USERS.partnerConsultant, name: 'Игорь Волков', bonusDays: 14, isMain: true },
      { code: 'VOLKOV30', userId: DEMO_USERS.partnerConsultant, name: 'Волков: 30 дней', bonusDays: 30 },
    ]);
    await tx.insert(agreements).values({ userId: DEMO_USERS.owner, mandatory: true, optional: true });
    await tx.insert(headerBanners).values({
      textRu: 'Новое: цепочки отзывов теперь умеют просить оценку в Telegram.',
      textEn: 'New: review chains can now ask for a rating in Telegram.',
    });

    // Each branch's local CRM; prices differ by city.
    const crmBranches = [
      { accId: DEMO_BRANCHES.moscow, companyId: 501001, timeZone: 'Europe/Moscow', network, priceFactor: 1 },
      {
        accId: DEMO_BRANCHES.yekaterinburg,
        companyId: 501002,
        timeZone: 'Asia/Yekaterinburg',
        network,
        priceFactor: 0.85,
      },
      { accId: DEMO_BRANCHES.vladivostok, companyId: 501003, timeZone: 'Asia/Vladivostok', network, priceFactor: 0.9 },
      { accId: DEMO_BRANCHES.sendOut, companyId: 502001, timeZone: 'Europe/Moscow', network: studio, priceFactor: 0.8 },
    ];
    for (const { network: group, ...branch } of crmBranches) {
      await seedDemoCrm(tx, { ...branch, salonGroupId: String(group!.id) }, now);
      // Send-out-only accounts have no templates (SPEC 6).
      if (branch.accId !== DEMO_BRANCHES.sendOut) await seedDemoTemplates(tx, branch.accId, now);
      // The dashboard of the first branch shows messages sent and the bookings they brought.
      if (branch.accId === DEMO_BRANCHES.moscow) await seedDemoTemplateHistory(tx, branch.accId, now);
    }
    await seedDemoPartners(tx, now);
    return true;
  });
}
