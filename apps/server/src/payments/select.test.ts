import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { SandboxProvider } from './drivers/sandbox/driver.js';
import { YookassaProvider } from './drivers/yookassa/driver.js';
import { sandboxCheckoutOf, selectPaymentProvider } from './select.js';

const logger = createLogger('silent');
const deps = { clock: new ManualClock(), publicBase: 'http://localhost:3000' };

describe('selectPaymentProvider', () => {
  it('takes the embedded sandbox by default, with its checkout', () => {
    const provider = selectPaymentProvider(loadConfig({ DATA_DIR: '/tmp/x' }), logger, deps);
    expect(provider).toBeInstanceOf(SandboxProvider);
    expect(provider.name).toBe('sandbox');
    expect(sandboxCheckoutOf(provider)).toBe(provider);
  });

  it('takes YooKassa when asked, with its shop id and key, and no sandbox checkout', () => {
    const provider = selectPaymentProvider(
      loadConfig({ PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_x' }),
      logger,
      deps,
    );
    expect(provider).toBeInstanceOf(YookassaProvider);
    expect(sandboxCheckoutOf(provider)).toBeNull();
  });

  it.each([{ YOOKASSA_SHOP_ID: '100500' }, { YOOKASSA_SECRET_KEY: 'live_x' }, {}])(
    'refuses YooKassa without its credentials (%j)',
    (env) => {
      expect(() => selectPaymentProvider(loadConfig({ PAYMENT_PROVIDER: 'yookassa', ...env }), logger, deps)).toThrow(
        ConfigError,
      );
    },
  );
});
