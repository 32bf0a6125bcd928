import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BotKind, BotWebhook } from '../channel.js';

// The header each messenger echoes our per-bot secret in (Telegram setWebhook's secret_token; MAX
// POST /subscriptions' secret): a post without it is not from the messenger.
export const BOT_WEBHOOK_HEADERS: Record<BotKind, string> = {
  tg_bot: 'x-telegram-bot-api-secret-token',
  max: 'x-max-bot-api-secret',
};

export const BOT_WEBHOOK_PATH = '/api/channels/bot_webhook';

// Derived from the installation's key, so nothing is stored and a restart keeps it; Telegram
// allows 1–256 characters of A–Z, a–z, 0–9, _ and -.
export function botWebhookSecret(key: Buffer, instanceId: string): string {
  return createHmac('sha256', key).update(`bot-webhook:${instanceId}`).digest('base64url');
}

export function isBotWebhookSecret(key: Buffer, instanceId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(botWebhookSecret(key, instanceId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function botWebhook(key: Buffer, publicUrl: string): BotWebhook {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    url: (instanceId) => `${base}${BOT_WEBHOOK_PATH}/${encodeURIComponent(instanceId)}`,
    secret: (instanceId) => botWebhookSecret(key, instanceId),
  };
}
