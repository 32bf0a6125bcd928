import type { PayModule, PayPeriod } from '@salon/contract/payments';

export const paymentsKeys = {
  all: (accId: number | null) => ['payments', accId] as const,
  payData: (accId: number | null) => ['payments', accId, 'pay'] as const,
  // No card chosen yet: a key of its own for the idle (disabled) price query.
  price: (accId: number | null, request: { months: PayPeriod; modules: readonly PayModule[] } | null) =>
    ['payments', accId, 'price', request?.months ?? null, request?.modules.join(',') ?? ''] as const,
  history: (accId: number | null) => ['payments', accId, 'history'] as const,
  invoices: (accId: number | null) => ['payments', accId, 'invoices'] as const,
  // The buyer's requisites as the invoice modal reads them (Settings → billing data owns them).
  billData: (accId: number | null) => ['payments', accId, 'bill-data'] as const,
};
