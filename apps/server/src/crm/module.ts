import { open } from '../platform/crypto.js';
import type { ModuleContext, ServerModule } from '../platform/module.js';
import { crmConnectionRoutes } from './connection.js';
import { localCrmDevRoutes } from './drivers/local/dev-routes.js';
import { LocalCrm } from './drivers/local/local-crm.js';
import { localCrmDriver } from './drivers/local/local-driver.js';
import { yclientsDriver } from './drivers/yclients/yclients-driver.js';
import { yclientsWebhookRoutes } from './drivers/yclients/webhook-routes.js';
import { crmEventsJob, crmKick } from './jobs.js';
import { CrmProcessor } from './processor.js';
import { CrmRepository } from './repository.js';

// Without a queue (tests) nothing is kicked: the sweep (or the test) drains the inbox.
export type CrmModuleDeps = ModuleContext;

export interface CrmModule extends ServerModule {
  repo: CrmRepository;
  processor: CrmProcessor;
  local: LocalCrm;
}

// Bookings: webhooks and the local CRM write the CRM inbox, the processor turns it into records
// (whose changes the template engine listens to) and sends clients' answers back to the CRM.
export function createCrmModule(deps: CrmModuleDeps): CrmModule {
  const { config, clock, logger } = deps;
  const repo = new CrmRepository(deps.db);
  const job = crmEventsJob(() => processor);
  // The embedded booking system; its changes reach the inbox like webhooks (`processor` runs them later).
  const local = new LocalCrm({ repo, clock, logger, kick: () => processor.kick() });
  const processor: CrmProcessor = new CrmProcessor({
    repo,
    drivers: {
      local: localCrmDriver(local),
      // One driver per process: its client's rate limiter is the process's share of YCLIENTS' 5/s.
      ...(config.YCLIENTS_PARTNER_TOKEN
        ? { yclients: yclientsDriver({ partnerToken: config.YCLIENTS_PARTNER_TOKEN, baseUrl: config.YCLIENTS_API_URL }) }
        : {}),
    },
    clock,
    logger,
    openSecret: (sealed) => open(deps.encryptionKey, sealed),
    kick: crmKick(deps.queue, job),
  });
  // Catches changes whose webhook never came; what a webhook already brought is not queued again.
  const reconcileYclients = async () => {
    for (const connection of await repo.connectionsOf('yclients')) {
      await processor
        .reconcile(connection.accId)
        .catch((err: unknown) => logger.warn({ err, accId: connection.accId }, 'YCLIENTS reconciliation failed'));
    }
  };
  return {
    repo,
    processor,
    local,
    routes: {
      main: [
        crmConnectionRoutes({ repo, processor, encryptionKey: deps.encryptionKey }),
        localCrmDevRoutes(local),
        ...(config.YCLIENTS_PARTNER_TOKEN ? [yclientsWebhookRoutes(processor)] : []),
      ],
    },
    jobs: [job],
    sweeps: [
      ...(config.YCLIENTS_PARTNER_TOKEN
        ? [{ name: 'crm.yclients-reconcile', everyMs: config.YCLIENTS_POLL_MS, delayFirst: true, run: reconcileYclients }]
        : []),
      // CRM events whose job was lost.
      { name: 'crm.pending', everyMs: config.DISPATCH_SWEEP_MS, run: async () => void (await processor.processPending()) },
    ],
  };
}
