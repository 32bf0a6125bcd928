import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { CHANNEL_KINDS, type BotWebhook, type ChannelDriver } from '../channel.js';
import { maxBotDriver } from './max-bot/max-bot-driver.js';
import { telegramBotDriver } from './telegram-bot/telegram-bot-driver.js';
import type { SandboxNetwork } from './sandbox/network.js';
import { smsDriverFor, supportedSmsProviderKeys } from './sms/registry.js';
import { sandboxDriver } from './sandbox/sandbox-driver.js';
import { telegramGramjsDriver } from './telegram-gramjs/telegram-gramjs-driver.js';
import { whatsappBaileysDriver } from './whatsapp-baileys/whatsapp-baileys-driver.js';

export interface DriverSelection {
  drivers: ChannelDriver[];
  providers: { whatsapp: string; telegram: string; tg_bot: string; max: string };
  sandbox: boolean;
}

// Which driver serves each messenger on this installation. The sandbox always serves SMS and
// whatever is not configured for a real provider, so a fresh install works with no accounts.
export function selectDrivers(
  config: Config,
  network: SandboxNetwork,
  logger: Logger,
  // reportUrl: where providers may post delivery reports (set when the installation has a PUBLIC_URL).
  sms: { branchName: (accId: number) => Promise<string | null>; reportUrl?: (instanceId: string) => string },
  // Where the bots' updates are posted (BOT_UPDATES_MODE=webhook); null: they long-poll.
  botWebhook: BotWebhook | null = null,
): DriverSelection {
  const drivers: ChannelDriver[] = CHANNEL_KINDS.map((kind) => sandboxDriver(kind, { network, logger }));
  if (config.CHANNEL_SMS_DRIVER === 'gateways') {
    // One driver per gateway with an adapter; each branch's SMS instance names the one it chose.
    for (const key of supportedSmsProviderKeys()) {
      const baseUrl = config.SMS_GATEWAY_URLS[key];
      const driver = smsDriverFor(key, {
        ...(baseUrl ? { http: { baseUrl } } : {}),
        driver: {
          branchName: (instance) => sms.branchName(instance.accId),
          onPollError: (err, id) => logger.warn({ err, providerMessageId: id }, 'SMS status poll failed'),
          reportUrl: (instance) => sms.reportUrl?.(instance.id) ?? null,
        },
      });
      if (driver) drivers.push(driver);
    }
  }
  if (config.CHANNEL_WHATSAPP_DRIVER === 'baileys') drivers.push(whatsappBaileysDriver({ logger }));
  if (config.CHANNEL_TG_BOT_DRIVER === 'grammy') {
    drivers.push(
      telegramBotDriver({ apiRoot: config.TELEGRAM_BOT_API_URL.replace(/\/+$/, ''), logger, webhook: botWebhook }),
    );
  }
  if (config.CHANNEL_MAX_DRIVER === 'maxbot') {
    drivers.push(maxBotDriver({ baseUrl: config.MAX_API_URL, logger, webhook: botWebhook }));
  }
  if (config.CHANNEL_TELEGRAM_DRIVER === 'gramjs') {
    drivers.push(telegramGramjsDriver({ apiId: config.TELEGRAM_API_ID!, apiHash: config.TELEGRAM_API_HASH!, logger }));
  }
  return {
    drivers,
    providers: {
      whatsapp: config.CHANNEL_WHATSAPP_DRIVER,
      telegram: config.CHANNEL_TELEGRAM_DRIVER,
      tg_bot: config.CHANNEL_TG_BOT_DRIVER,
      max: config.CHANNEL_MAX_DRIVER,
    },
    sandbox: [
      config.CHANNEL_WHATSAPP_DRIVER,
      config.CHANNEL_TELEGRAM_DRIVER,
      config.CHANNEL_TG_BOT_DRIVER,
      config.CHANNEL_MAX_DRIVER,
    ].includes('sandbox'),
  };
}
