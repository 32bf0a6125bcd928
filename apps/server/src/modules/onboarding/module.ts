import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { AutoConnectRepository } from './auto-connect-repository.js';
import { AutoConnectService, type AutoConnectServiceDeps } from './auto-connect-service.js';
import { OnboardingRepository } from './repository.js';
import { onboardingRoutes } from './routes.js';
import { OnboardingService, type OnboardingPorts } from './service.js';

export interface OnboardingModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  ports: OnboardingPorts;
  // The admin bot's username when there is a bot (its start link is where a new owner goes next).
  botUsername(): Promise<string | null>;
  // The cabinet's address (PUBLIC_URL): its login page is the next step without a bot.
  publicBase: string;
  // The booking system's company before it is connected: null when the CRM does not know it,
  // undefined when it cannot tell (no such lookup, or a fault).
  crmCompany?: AutoConnectServiceDeps['crmCompany'];
}

export interface OnboardingModule extends ServerModule {
  service: OnboardingService;
  autoConnect: AutoConnectService;
}

// The new-salon forms (SPEC 2 /auto_connect_send_out; issue 18 adds the auto-connect wizard).
export function createOnboardingModule(deps: OnboardingModuleDeps): OnboardingModule {
  const deeplink = async (accId: number) => {
    const username = await deps.botUsername().catch(() => null);
    return username ? `https://t.me/${username}?start=sendout_${accId}` : `${deps.publicBase.replace(/\/$/, '')}/`;
  };
  const tenancy = new OnboardingRepository();
  const limiter = new RateLimiter(deps.db, deps.clock);
  const service = new OnboardingService({
    db: deps.db,
    repo: tenancy,
    limiter,
    clock: deps.clock,
    logger: deps.logger,
    ports: deps.ports,
    deeplink,
  });
  const autoConnect = new AutoConnectService({
    db: deps.db,
    repo: new AutoConnectRepository(deps.db),
    tenancy,
    limiter,
    clock: deps.clock,
    logger: deps.logger,
    ports: deps.ports,
    publicBase: deps.publicBase,
    crmCompany: deps.crmCompany ?? (async () => undefined),
    botLink: async (companyId) => {
      const username = await deps.botUsername().catch(() => null);
      return username ? `https://t.me/${username}?start=autoconnect_${companyId}` : null;
    },
  });
  return { service, autoConnect, routes: { main: [onboardingRoutes(service, autoConnect)] } };
}
