import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { sandboxCheckoutOf } from '../../payments/select.js';
import { AutopayService } from './autopay.js';
import { autopayRoutes } from './autopay-routes.js';
import { BranchGating, type PayChannels } from './branch-gating.js';
import { createConfirmations, type BranchPayState, type PaymentConfirmations } from './confirm.js';
import { parsePriceList } from './prices.js';
import { createDunning } from './dunning.js';
import type { PaymentEvents } from './events.js';
import { SubscriptionGrants } from './grants.js';
import { createInvoicesPart, type InvoicesConfig } from './invoices/part.js';
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
  // The branch's messenger channels: switched off past the grace, back when paid (gating.ts).
  channels: PayChannels;
  // The owners' dunning messages (the admin bot, or DATA_DIR/bot-outbox without one).
  botMessages: AdminBotMessages;
  // Invoices for legal entities, receipts, the operator's calls (invoices/part.ts).
  invoices: InvoicesConfig;
  // Told of every applied payment and refund, inside its transaction (the partner programme).
  events?: PaymentEvents;
  // The discount (a fraction) on a branch's first payment that the partner programme gives to a
  // salon a promo code brought (SPEC 3 oneTimeDiscount).
  firstPaymentDiscount?: (accId: number) => Promise<number>;
}

export interface PaymentsModule extends ServerModule {
  service: PaymentsService;
  confirmations: PaymentConfirmations;
  // Bonus days, test periods and the subscription facts the partner programme and onboarding need.
  grants: SubscriptionGrants;
}

export function createPaymentsModule(deps: PaymentsModuleDeps): PaymentsModule {
  const repo = new PaymentsRepository(deps.db);
  const prices = parsePriceList(deps.prices);
  const service = new PaymentsService({ ...deps, repo, prices });
  const gating = new BranchGating({ ...deps, repo });
  // After anything that extended a branch's modules (committed): its state and channels at once.
  const afterPaid = async (accId: number) => void (await gating.sync(accId));
  const grants = new SubscriptionGrants({ ...deps, repo, prices, afterGranted: afterPaid });
  const { sweep, ...confirmations } = createConfirmations({ ...deps, repo, afterPaid });
  const autopay = new AutopayService({ ...deps, repo });
  const dunning = createDunning({
    ...deps,
    repo,
    service,
    gating,
    messages: deps.botMessages,
    confirm: confirmations.confirm,
  });
  return {
    service,
    confirmations,
    grants,
    routes: {
      main: [
        paymentsRoutes(service),
        autopayRoutes(autopay),
        paymentWebhookRoutes({ provider: deps.provider, confirm: confirmations.confirm, logger: deps.logger }),
        sandboxCheckoutRoutes(sandboxCheckoutOf(deps.provider)),
        ...createInvoicesPart({ ...deps, repo, service, afterPaid }).routes,
      ],
    },
    sweeps: [sweep, dunning],
  };
}
