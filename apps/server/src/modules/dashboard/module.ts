import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { LoyaltyDashboardRead } from '../loyalty/analytics/dashboard-read.js';
import { MailingDashboardRead } from '../mailing/stats/dashboard-read.js';
import { ReviewStatsRepository } from '../reviews/stats/repository.js';
import { TemplatesDashboardRead } from '../templates/dashboard-read.js';
import { TemplateStatsRepository } from '../templates/stats-repository.js';
import { DashboardRepository } from './repository.js';
import { dashboardRoutes } from './routes.js';
import { DashboardService, type DashboardSources } from './service.js';

export interface DashboardModuleDeps {
  db: Db;
  clock: Clock;
  // The payments module's pay data and the channels' live states (runtime.ts hands them in).
  sources: DashboardSources;
}

export interface DashboardModule extends ServerModule {
  service: DashboardService;
}

// SPEC 3/7 Dashboard: every card reads its owner's data through the owner's reads (templates,
// mailing, reviews and loyalty export theirs in dashboard-read.ts; the outbox's is channels').
export function createDashboardModule(deps: DashboardModuleDeps): DashboardModule {
  const { db, clock } = deps;
  const service = new DashboardService({
    db,
    repo: new DashboardRepository(db),
    templates: new TemplatesDashboardRead(db, new TemplateStatsRepository(db)),
    mailing: new MailingDashboardRead(db),
    reviews: new ReviewStatsRepository(db),
    loyalty: new LoyaltyDashboardRead(db),
    sources: deps.sources,
    clock,
  });
  return { service, routes: { main: [dashboardRoutes(service)] } };
}
