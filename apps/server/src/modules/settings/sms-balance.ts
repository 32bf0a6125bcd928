import type { SmsBalance } from '@salon/contract/settings';
import { resolveSmsProvider, SMS_PROVIDER_OFF } from '@salon/contract/sms-providers';
import type { Logger } from '../../platform/logger.js';
import { smsAdapterFor } from '../../channels/drivers/sms/registry.js';
import { SmsProviderError, type SmsCredentials } from '../../channels/drivers/sms/sms-provider.js';

// The longest a provider may hold the /settings/sms_balance request.
export const SMS_BALANCE_TIMEOUT_MS = 5_000;

export interface SmsBalanceQuery {
  accId: number;
  providerId: number;
  credentials: SmsCredentials;
  now: Date;
}

export interface SmsBalanceDeps {
  smsDriver: 'sandbox' | 'gateways';
  // SMS_GATEWAY_URLS: another base URL per gateway key (a proxy, or a local fake in tests).
  gatewayUrls: Readonly<Record<string, string>>;
  logger: Logger;
  timeoutMs?: number;
}

class BalanceTimeout extends Error {
  constructor(ms: number) {
    super(`no answer in ${ms} ms`);
    this.name = 'BalanceTimeout';
  }
}

// Asks the saved provider for the account balance, live on every call (nothing is cached). A slow
// provider never holds the request past the time-out: the adapter's own request time-out is the
// same, and a race guards adapters that make more than one request.
export async function smsBalance(deps: SmsBalanceDeps, query: SmsBalanceQuery): Promise<SmsBalance> {
  const info = resolveSmsProvider(query.providerId);
  const checkedAt = query.now.toISOString();
  const answer = (status: SmsBalance['status'], balance: number | null = null, currency: string | null = null) => ({
    provider: info && info.key !== SMS_PROVIDER_OFF ? info.key : null,
    balance,
    currency,
    status,
    checked_at: checkedAt,
  });
  if (!info || info.key === SMS_PROVIDER_OFF) return answer('off');
  // The sandbox network carries the branch's SMS: no account, no money.
  if (deps.smsDriver === 'sandbox') return answer('sandbox');

  const timeoutMs = deps.timeoutMs ?? SMS_BALANCE_TIMEOUT_MS;
  const baseUrl = deps.gatewayUrls[info.key];
  const adapter = smsAdapterFor(info.key, { timeoutMs, ...(baseUrl ? { baseUrl } : {}) });
  if (!adapter?.balance) return answer('not_supported');

  let timer: NodeJS.Timeout | undefined;
  try {
    const balance = await Promise.race([
      adapter.balance(query.credentials),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BalanceTimeout(timeoutMs)), timeoutMs);
      }),
    ]);
    if (!Number.isFinite(balance)) throw new SmsProviderError('bad_reply', 'balance is not a number');
    return answer('ok', balance, adapter.balanceCurrency ?? null);
  } catch (err) {
    const context = { err, accId: query.accId, provider: info.key };
    if (err instanceof SmsProviderError || err instanceof BalanceTimeout) {
      deps.logger.warn(context, 'SMS balance unavailable');
    } else {
      // An adapter bug: the page still says "unavailable", the log says more.
      deps.logger.error(context, 'SMS balance failed');
    }
    return answer('unavailable');
  } finally {
    clearTimeout(timer);
  }
}
