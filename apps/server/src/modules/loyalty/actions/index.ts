import type { Routes } from '../../../platform/http/hosts.js';
import { LoyaltyAnalyticsRepository } from '../analytics/repository.js';
import { loyaltyAnalyticsRoutes } from '../analytics/routes.js';
import { LoyaltyAnalyticsService } from '../analytics/service.js';
import type { LoyaltyDeps } from '../deps.js';
import { loyaltyCrm } from './crm-cards.js';
import { LoyaltyActionsRepository } from './repository.js';
import { loyaltyActionsRoutes } from './routes.js';
import { LoyaltyActionsService } from './service.js';

// The actions' calls (SPEC 7 Invite friends) and their statistics.
export function createLoyaltyActions(deps: LoyaltyDeps): {
  routes: Routes[];
  service: LoyaltyActionsService;
  analytics: LoyaltyAnalyticsService;
} {
  const service = new LoyaltyActionsService({
    repo: new LoyaltyActionsRepository(deps.db),
    crm: loyaltyCrm(deps),
    templates: deps.templates,
    clock: deps.clock,
    logger: deps.logger,
  });
  const analytics = new LoyaltyAnalyticsService({
    repo: new LoyaltyAnalyticsRepository(deps.db),
    branch: (accId) => service.assertLoyaltyBranch(accId),
    clock: deps.clock,
  });
  return { routes: [loyaltyActionsRoutes(service), loyaltyAnalyticsRoutes(analytics)], service, analytics };
}
