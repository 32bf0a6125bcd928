import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import type { Routes } from '../../../platform/http/hosts.js';
import type { Logger } from '../../../platform/logger.js';
import { SandboxProvider } from '../../../payments/drivers/sandbox/driver.js';
import type { PaymentProvider } from '../../../payments/provider.js';
import type { PaymentEvents } from '../events.js';
import type { BranchPayState } from '../extend.js';
import { RefundsRepository } from '../ops/repository.js';
import { RefundsService } from '../ops/refunds.js';
import { opsRoutes } from '../ops/routes.js';
import { ReceiptsRepository } from '../receipts/repository.js';
import { receiptRoutes } from '../receipts/routes.js';
import { sandboxReceiptRoutes } from '../receipts/sandbox-receipt-routes.js';
import { ReceiptsService } from '../receipts/service.js';
import type { PaymentsRepository } from '../repository.js';
import type { PaymentsService } from '../service.js';
import { devInvoiceRoutes } from './dev-routes.js';
import type { InvoiceSeller } from './pdf.js';
import { InvoicesRepository } from './repository.js';
import { invoiceRoutes } from './routes.js';
import { InvoicesService, type BillDataSource } from './service.js';

// What the runtime hands in for invoices, receipts and the operator's calls.
export interface InvoicesConfig {
  seller: InvoiceSeller;
  billing: BillDataSource;
  botFiles: AdminBotFiles;
  // OPS_TOKEN (unset: /ops/* answer 404).
  opsToken: string | undefined;
  // RECEIPT_URL_TEMPLATE
  receiptUrlTemplate: string;
}

export interface InvoicesPartDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  payState: BranchPayState;
  repo: PaymentsRepository;
  service: PaymentsService;
  invoices: InvoicesConfig;
  // After a commit that moved a branch's paid-till (an invoice paid, a refund): its state and channels.
  afterPaid?: (accId: number) => Promise<void>;
  events?: PaymentEvents;
}

// Invoices for legal entities, receipts and the operator's calls (issue 16 item 4, refunds of item
// 1): a part of the payments module, wired by its module.ts.
export function createInvoicesPart(deps: InvoicesPartDeps): { routes: Routes[] } {
  const { db, clock, logger, provider, payState } = deps;
  const sync = async (accId: number) => {
    try {
      await deps.afterPaid?.(accId);
    } catch (err) {
      logger.warn({ err, accId }, 'branch state not synced after an invoice or a refund');
    }
  };
  const invoices = new InvoicesService({
    db,
    repo: new InvoicesRepository(db),
    paymentsRepo: deps.repo,
    pricing: deps.service,
    billing: deps.invoices.billing,
    seller: deps.invoices.seller,
    bot: deps.invoices.botFiles,
    payState,
    clock,
    logger,
    afterPaid: sync,
    events: deps.events,
  });
  const refunds = new RefundsService({
    db,
    repo: new RefundsRepository(db),
    paymentsRepo: deps.repo,
    provider,
    payState,
    clock,
    logger,
    afterRefund: sync,
    events: deps.events,
  });
  const receipts = new ReceiptsService({
    repo: new ReceiptsRepository(db),
    provider,
    logger,
    urlTemplate: deps.invoices.receiptUrlTemplate,
  });
  const sandbox = provider instanceof SandboxProvider ? provider : null;
  return {
    routes: [
      invoiceRoutes(invoices),
      receiptRoutes(receipts),
      opsRoutes({ token: deps.invoices.opsToken, invoices, refunds }),
      sandboxReceiptRoutes(sandbox),
      ...(sandbox ? [devInvoiceRoutes(invoices)] : []),
    ],
  };
}
