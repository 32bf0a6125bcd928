import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { PaymentEvents } from '../payments/events.js';
import type { SubscriptionGrants } from '../payments/grants.js';
import { PartnerAccess } from './access.js';
import { createAdminsPart } from './admins/part.js';
import { createLeadsPart } from './leads/part.js';
import { LeadsRepository } from './leads/repository.js';
import { MoneyRepository } from './money-repository.js';
import { MoneyService } from './money-service.js';
import { partnerOpsRoutes } from './ops-routes.js';
import { PartnerProfiles } from './profile-repository.js';
import { PromoLinks } from './promo-links.js';
import { PromoService, type PartnersOnboardingPort } from './promo-service.js';
import { partnerRoutes } from './routes.js';
import { ViewsRepository } from './views-repository.js';
import { ViewsService } from './views-service.js';

export interface PartnersModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // The payments module's bonus days and subscription facts.
  grants: Pick<SubscriptionGrants, 'dayPrice' | 'grantBonusDays' | 'afterGranted' | 'paidTillOf'>;
  // PARTNER_HOLD_DAYS, PARTNER_LEAD_PROTECTION_DAYS.
  holdDays: number;
  leadProtectionDays: number;
  // Where promo links point: PROMO_BASE_URL, else PUBLIC_URL, else this server.
  promoBase: string;
  // OPS_TOKEN (unset: the operator's call answers 404).
  opsToken: string | undefined;
}

export interface PartnersModule extends ServerModule {
  // The payments module's listener (runtime.ts binds it late).
  money: PaymentEvents;
  onboarding: PartnersOnboardingPort;
  // The payments module's first-payment discount of a branch a promo code brought.
  firstPaymentDiscount(accId: number): Promise<number>;
}

export function createPartnersModule(deps: PartnersModuleDeps): PartnersModule {
  const { db, clock, logger } = deps;
  const profiles = new PartnerProfiles(db);
  const access = new PartnerAccess(profiles);
  const leads = new LeadsRepository(db);
  const moneyRepo = new MoneyRepository(db);
  const viewsRepo = new ViewsRepository(db);
  const money = new MoneyService({
    db,
    repo: moneyRepo,
    profiles,
    grants: deps.grants,
    leads,
    clock,
    logger,
    holdDays: deps.holdDays,
  });
  const views = new ViewsService({
    repo: viewsRepo,
    profiles,
    access,
    grants: deps.grants,
    links: new PromoLinks(deps.promoBase),
    money: moneyRepo,
    clock,
  });
  const promo = new PromoService({ repo: viewsRepo, profiles, access, leads, clock });
  const parts = { db, clock, logger, access };
  return {
    money: { paid: (tx, e) => money.onPaid(tx, e), refunded: (tx, e) => money.onRefunded(tx, e) },
    onboarding: promo,
    firstPaymentDiscount: (accId) => moneyRepo.oneTimeDiscountOf(accId),
    routes: {
      main: [
        partnerRoutes({ access, views, money, promo }),
        partnerOpsRoutes({ token: deps.opsToken, money }),
        ...createLeadsPart({ ...parts, leadProtectionDays: deps.leadProtectionDays }).routes,
        ...createAdminsPart(parts).routes,
      ],
    },
  };
}
