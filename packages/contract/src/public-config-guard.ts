import type { PublicConfig } from './public-config.js';

// A zod-free check of GET /public_config for the web login page: zod alone is about 25 KB gzipped,
// more than that page's JS budget has left. public-config-guard.test.ts keeps it in step with
// publicConfigResponse, the schema the server answers with.
const STRING_FIELDS = [
  'support_telegram_url',
  'support_phone',
  'knowledge_base_url',
  'landing_url',
  'privacy_url',
  'offer_url',
  'refund_url',
  'video_instructions_url',
] as const;

export const PUBLIC_CONFIG_FIELDS = ['ok', 'bot_url', 'pin_in_server_log', ...STRING_FIELDS] as const;

export function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.ok === true &&
    (record.bot_url === null || typeof record.bot_url === 'string') &&
    typeof record.pin_in_server_log === 'boolean' &&
    STRING_FIELDS.every((field) => typeof record[field] === 'string')
  );
}

// Like the schema, the result carries only the known fields.
export function pickPublicConfig(value: PublicConfig): PublicConfig {
  return Object.fromEntries(PUBLIC_CONFIG_FIELDS.map((field) => [field, value[field]])) as PublicConfig;
}
