import path from 'node:path';
import type { Clock } from '../platform/clock.js';
import { ConfigError, type Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { PaymentProvider } from './provider.js';
import { httpNotifier, SandboxProvider, type SandboxCheckout, type SandboxNotify } from './drivers/sandbox/driver.js';
import { YookassaProvider } from './drivers/yookassa/driver.js';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhook/sandbox';

export interface PaymentProviderDeps {
  clock: Clock;
  // The server's public address (PUBLIC_URL, else http://localhost:PORT): sandbox checkout links.
  publicBase: string;
  // How the sandbox checkout reaches our webhook. Default: an HTTP POST to this server on the
  // loopback address; the runtime may hand in one that injects the request into its own HTTP app
  // (no port needed, same route and sender check).
  sandboxNotify?: SandboxNotify;
  fetch?: typeof fetch;
}

// Which provider takes the payments: YooKassa when PAYMENT_PROVIDER names it (its shop id and key
// are then required), otherwise the embedded sandbox checkout, so a fresh install can pay with no
// account anywhere.
export function selectPaymentProvider(config: Config, logger: Logger, deps: PaymentProviderDeps): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'yookassa') {
    if (!config.YOOKASSA_SHOP_ID || !config.YOOKASSA_SECRET_KEY) {
      throw new ConfigError('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
    }
    return new YookassaProvider({
      shopId: config.YOOKASSA_SHOP_ID,
      secretKey: config.YOOKASSA_SECRET_KEY,
      baseUrl: config.YOOKASSA_API_URL,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }
  return new SandboxProvider({
    dir: path.join(config.dataDir, 'sandbox-payments'),
    publicBase: deps.publicBase,
    clock: deps.clock,
    logger,
    notify: deps.sandboxNotify ?? httpNotifier(`${loopbackBase(config)}${SANDBOX_WEBHOOK_PATH}`, deps.fetch),
  });
}

// The checkout page's side of the sandbox provider, or null when another provider is selected.
export function sandboxCheckoutOf(provider: PaymentProvider): SandboxCheckout | null {
  return provider instanceof SandboxProvider ? provider : null;
}

// This server as seen from itself: the loopback address of the family it listens on.
function loopbackBase(config: Config): string {
  const host = config.HOST === '::' || config.HOST === '::1' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${config.PORT}`;
}
