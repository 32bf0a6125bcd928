import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { sandboxCheckoutOf } from '../../payments/select.js';
import { createConfirmations, type BranchPayState, type PaymentConfirmations } from './confirm.js';
import { parsePriceList } from './prices.js';
import { PaymentsRepository } from './repository.js';
import { paymentsRoutes } from './routes.js';
import { sandboxCheckoutRoutes } from './sandbox-routes.js';
import { paymentWebhookRoutes } from './webhook-routes.js';
import { PaymentsService, type PayerContacts } from './service.js';

export interface PaymentsModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  // PAY_PRICES (unset: the contract's defaults).
  prices: string | undefined;
  publicBase: string;
  payer: PayerContacts;
  payState: BranchPayState;
}

export interface PaymentsModule extends ServerModule {
  service: PaymentsService;
  confirmations: PaymentConfirmations;
}

export function createPaymentsModule(deps: PaymentsModuleDeps): PaymentsModule {
  const repo = new PaymentsRepository(deps.db);
  const service = new PaymentsService({ ...deps, repo, prices: parsePriceList(deps.prices) });
  const { sweep, ...confirmations } = createConfirmations({ ...deps, repo });
  return {
    service,
    confirmations,
    routes: {
      main: [
        paymentsRoutes(service),
        paymentWebhookRoutes({ provider: deps.provider, confirm: confirmations.confirm, logger: deps.logger }),
        sandboxCheckoutRoutes(sandboxCheckoutOf(deps.provider)),
      ],
    },
    sweeps: [sweep],
  };
}
