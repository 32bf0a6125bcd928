import type { BotKind, BotWebhook } from '../channel.js';
import { instanceSecret, isInstanceSecret } from '../instance-secret.js';

// The header each messenger echoes our per-bot secret in (Telegram setWebhook's secret_token; MAX
// POST /subscriptions' secret): a post without it is not from the messenger.
export const BOT_WEBHOOK_HEADERS: Record<BotKind, string> = {
  tg_bot: 'x-telegram-bot-api-secret-token',
  max: 'x-max-bot-api-secret',
};

export const BOT_WEBHOOK_PATH = '/api/channels/bot_webhook';

// Telegram allows 1–256 characters of A–Z, a–z, 0–9, _ and - (instance-secret.ts gives 43 of them).
export function botWebhookSecret(key: Buffer, instanceId: string): string {
  return instanceSecret(key, 'bot-webhook', instanceId);
}

export function isBotWebhookSecret(key: Buffer, instanceId: string, given: string | undefined): boolean {
  return isInstanceSecret(key, 'bot-webhook', instanceId, given);
}

export function botWebhook(key: Buffer, publicUrl: string): BotWebhook {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    url: (instanceId) => `${base}${BOT_WEBHOOK_PATH}/${encodeURIComponent(instanceId)}`,
    secret: (instanceId) => botWebhookSecret(key, instanceId),
  };
}
