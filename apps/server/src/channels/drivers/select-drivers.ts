import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { CHANNEL_KINDS, type ChannelDriver } from '../channel.js';
import type { SandboxNetwork } from './sandbox/network.js';
import { sandboxDriver } from './sandbox/sandbox-driver.js';
import { telegramGramjsDriver } from './telegram-gramjs/telegram-gramjs-driver.js';
import { whatsappBaileysDriver } from './whatsapp-baileys/whatsapp-baileys-driver.js';

export interface DriverSelection {
  drivers: ChannelDriver[];
  providers: { whatsapp: string; telegram: string };
  sandbox: boolean;
}

// Which driver serves each messenger on this installation. The sandbox always serves SMS and
// whatever is not configured for a real provider, so a fresh install works with no accounts.
export function selectDrivers(config: Config, network: SandboxNetwork, logger: Logger): DriverSelection {
  const drivers: ChannelDriver[] = CHANNEL_KINDS.map((kind) => sandboxDriver(kind, { network, logger }));
  if (config.CHANNEL_WHATSAPP_DRIVER === 'baileys') drivers.push(whatsappBaileysDriver({ logger }));
  if (config.CHANNEL_TELEGRAM_DRIVER === 'gramjs') {
    drivers.push(telegramGramjsDriver({ apiId: config.TELEGRAM_API_ID!, apiHash: config.TELEGRAM_API_HASH!, logger }));
  }
  return {
    drivers,
    providers: { whatsapp: config.CHANNEL_WHATSAPP_DRIVER, telegram: config.CHANNEL_TELEGRAM_DRIVER },
    sandbox: config.CHANNEL_WHATSAPP_DRIVER === 'sandbox' || config.CHANNEL_TELEGRAM_DRIVER === 'sandbox',
  };
}
