import { resolveSmsProvider, SMS_PROVIDERS } from '@salon/contract/sms-providers';
import { smsAeroProvider } from './providers/sms-aero.js';
import { smsProstoProvider } from './providers/sms-prosto.js';
import { smsRuProvider } from './providers/sms-ru.js';
import { greenSmsProvider } from './providers/greensms.js';
import { mobizonProvider } from './providers/mobizon.js';
import { unisenderProvider } from './providers/unisender.js';
import { iqsmsProvider } from './providers/iqsms.js';
import { p1smsProvider } from './providers/p1sms.js';
import { smspilotProvider } from './providers/smspilot.js';
import { smscProvider } from './providers/smsc.js';
import { smsTrafficProvider } from './providers/sms-traffic.js';
import { infobipProvider } from './providers/infobip.js';
import { twilioProvider } from './providers/twilio.js';
import { vonageProvider } from './providers/vonage.js';
import { devinoProvider } from './providers/devino.js';
import { smsDriver, type SmsChannelDriver, type SmsDriverOptions } from './sms-driver.js';
import type { SmsProvider, SmsProviderOptions } from './sms-provider.js';

// Which entries of the contract's provider list have a working adapter. The contract's `supported`
// flag must match this table; registry.test.ts holds the two together.
const ADAPTERS: Readonly<Record<string, (options?: SmsProviderOptions) => SmsProvider>> = {
  smsru: smsRuProvider,
  smsc: smscProvider,
  smsaero: smsAeroProvider,
  smsprosto: smsProstoProvider,
  greensms: greenSmsProvider,
  mobizon: mobizonProvider,
  unisender: unisenderProvider,
  p1sms: p1smsProvider,
  iqsms: iqsmsProvider,
  smspilot: smspilotProvider,
  smstraffic: smsTrafficProvider,
  twilio: twilioProvider,
  vonage: vonageProvider,
  infobip: infobipProvider,
  devino: devinoProvider,
};

export function supportedSmsProviderKeys(): string[] {
  return SMS_PROVIDERS.filter((p) => Object.hasOwn(ADAPTERS, p.key)).map((p) => p.key);
}

/** The adapter for a provider id (2), key ('smsru') or numeric string; undefined for off and the unsupported. */
export function smsAdapterFor(provider: number | string, options?: SmsProviderOptions): SmsProvider | undefined {
  const info = resolveSmsProvider(provider);
  if (!info || !info.supported || !Object.hasOwn(ADAPTERS, info.key)) return undefined;
  return ADAPTERS[info.key]?.(options);
}

export function smsDriverFor(
  provider: number | string,
  options: { http?: SmsProviderOptions; driver?: SmsDriverOptions } = {},
): SmsChannelDriver | undefined {
  const adapter = smsAdapterFor(provider, options.http);
  return adapter ? smsDriver(adapter, options.driver) : undefined;
}

/** The adapter behind an SMS channel instance's provider ('sms:vonage'), to read its report callbacks. */
export function smsAdapterOfInstance(instanceProvider: string): SmsProvider | undefined {
  const match = /^sms:(.+)$/.exec(instanceProvider);
  return match ? smsAdapterFor(match[1]!) : undefined;
}
