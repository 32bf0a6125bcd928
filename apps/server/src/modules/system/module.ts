import type { PublicConfig } from '@salon/contract/public-config';
import type { Config } from '../../platform/config.js';
import type { ServerModule } from '../../platform/module.js';
import { systemRoutes } from './routes.js';

// GET /public_config: what the cabinet shows before sign-in (bot link, support contacts, links).
export interface SystemModuleDeps {
  config: Config;
  // The admin bot, when there is one: the link names its username.
  bot: { username(): Promise<string> } | undefined;
  pinInServerLog: boolean;
}

export function createSystemModule(deps: SystemModuleDeps): ServerModule {
  const { config, bot } = deps;
  let botUrl: string | null | undefined;
  const publicConfig = async (): Promise<PublicConfig> => {
    if (botUrl === undefined) botUrl = bot ? `https://t.me/${await bot.username().catch(() => '')}` : null;
    return {
      ok: true,
      bot_url: botUrl === 'https://t.me/' ? null : botUrl,
      pin_in_server_log: deps.pinInServerLog,
      support_telegram_url: config.SUPPORT_TELEGRAM_URL,
      support_phone: config.SUPPORT_PHONE,
      knowledge_base_url: config.KNOWLEDGE_BASE_URL,
      landing_url: config.LANDING_URL,
      privacy_url: `${config.LANDING_URL}privacy`,
      offer_url: `${config.LANDING_URL}offer`,
      refund_url: `${config.LANDING_URL}refund`,
      video_instructions_url: config.VIDEO_INSTRUCTIONS_URL,
    };
  };
  return { routes: { main: [systemRoutes(publicConfig)] } };
}
