import path from 'node:path';
import { z } from 'zod';
import { isValidInn, KPP_PATTERN } from '@salon/contract/inn-rules';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const PROXY_ADDRESS = /^[\d.]+(\/\d{1,2})?$|^[\da-f:]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/i;
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !PROXY_ADDRESS.test(a));
  if (list.length === 0 || bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count, or proxy addresses/CIDRs' });
  }
  return list;
});

// Every environment variable the server reads. README.md lists the same table.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{30,}$/, 'must look like 123456:ABC... as BotFather gives it')
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SEED_DEMO: bool.default(true),
  // PIN requests for one Telegram id from one client address per hour (the end-to-end suite, which
  // logs in often, raises it), and the seconds between two PINs sent to one id from the login page
  // (0: none; a successful login ends it early).
  AUTH_PIN_REQUESTS_PER_ID_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  AUTH_PIN_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Which proxies may say who the client is through X-Forwarded-For: false (none), true or a number
  // (that many hops next to the server; true = 1), or a list of proxy addresses/CIDRs. The client's
  // own X-Forwarded-For entries are never believed.
  TRUST_PROXY: trustProxy.default(false),
  // How long a client may take to send one whole request, body included (uploads too).
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SUPPORT_TELEGRAM_URL: z.string().default('https://t.me/salon_cabinet_support'),
  SUPPORT_PHONE: z.string().default('+7 800 000-00-00'),
  KNOWLEDGE_BASE_URL: z.string().default('https://docs.salon-cabinet.example/'),
  LANDING_URL: z.string().default('https://salon-cabinet.example/'),
  // The video instruction shown from the header and the pages' help icons: a YouTube, Rutube or
  // VK Video link (the cabinet adds each section's start time).
  VIDEO_INSTRUCTIONS_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com/watch?v=SalonCabnt1'),
  // Dispatcher: pacing per number ('off' only for tests and benchmarks), how long a worker's claim
  // on a message lasts, when an undelivered WhatsApp message goes to the next channel, sweep period.
  DISPATCH_PACING: z.enum(['on', 'off']).default('on'),
  DISPATCH_CLAIM_MS: z.coerce.number().int().min(1000).default(60_000),
  DISPATCH_ACK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  DISPATCH_SWEEP_MS: z.coerce.number().int().min(200).default(15_000),
  // Which driver each messenger runs on: the sandbox phone network, or the real one.
  CHANNEL_WHATSAPP_DRIVER: z.enum(['sandbox', 'baileys']).default('sandbox'),
  CHANNEL_TELEGRAM_DRIVER: z.enum(['sandbox', 'gramjs']).default('sandbox'),
  // SMS: 'sandbox' carries every branch's SMS in the sandbox network whatever provider /sms names;
  // 'gateways' sends through the provider and credentials each branch saved on /sms.
  CHANNEL_SMS_DRIVER: z.enum(['sandbox', 'gateways']).default('sandbox'),
  // The salon's own bots: 'grammy' (Telegram Bot API) and 'maxbot' (@maxhub/max-bot-api) talk to the
  // real messengers; the sandbox stands in for both. Their API base URLs (a proxy, or a test's fake).
  CHANNEL_TG_BOT_DRIVER: z.enum(['sandbox', 'grammy']).default('sandbox'),
  CHANNEL_MAX_DRIVER: z.enum(['sandbox', 'maxbot']).default('sandbox'),
  TELEGRAM_BOT_API_URL: z.url().default('https://api.telegram.org'),
  MAX_API_URL: z.url().default('https://platform-api2.max.ru'),
  // How the bots get their updates: long polling (works anywhere), or webhooks at PUBLIC_URL
  // (/api/channels/bot_webhook/:instanceId, the secret header checked).
  BOT_UPDATES_MODE: z.enum(['polling', 'webhook']).default('polling'),
  // Another base URL per gateway ('smsru=https://proxy.example/sms,smsc=…'): a forward proxy, a
  // provider's regional host, or a local fake in tests.
  SMS_GATEWAY_URLS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const urls: Record<string, string> = {};
      for (const pair of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [key, url] = pair.split('=');
        if (!key || !url || !URL.canParse(url)) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not key=url` });
          continue;
        }
        urls[key.trim()] = url.trim();
      }
      return urls;
    }),
  // The Telegram application credentials (my.telegram.org) the gramjs driver logs in with.
  TELEGRAM_API_ID: z.coerce.number().int().positive().optional(),
  TELEGRAM_API_HASH: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'must be the 32 hex characters my.telegram.org gives')
    .optional(),
  // How long a process holds a channel session without renewing before another may take it over.
  CHANNEL_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  // 'adjustable': the server's clock can be moved forward through /api/dev/clock (e2e tests, demos).
  DEV_CLOCK: z.enum(['system', 'adjustable']).default('system'),
  // How often the worker sends the day's birthday greetings (and catches up after a restart).
  TEMPLATE_SWEEP_MS: z.coerce.number().int().min(1000).default(600_000),
  // Sandbox phone network: how long it takes to deliver a message.
  SANDBOX_DELIVERY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  // YCLIENTS: the partner token (each branch's user token is stored with its connection), the API
  // base URL, and how often the reconciliation poll looks for changes whose webhook was missed.
  YCLIENTS_PARTNER_TOKEN: z.string().min(1).optional(),
  YCLIENTS_API_URL: z.url().default('https://api.yclients.com/api/v1'),
  YCLIENTS_POLL_MS: z.coerce.number().int().min(1000).default(300_000),
  // Subscription payments: the sandbox checkout (embedded, no account) or YooKassa (API v3).
  PAYMENT_PROVIDER: z.enum(['sandbox', 'yookassa']).default('sandbox'),
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
  // Prices per module per month, 'RUB:WA=1490,TG=1490,loyalty=990;USD:WA=19,TG=19,loyalty=12'
  // (unset: the contract's DEFAULT_MODULE_PRICES).
  PAY_PRICES: z.string().optional(),
  // The seller printed on invoices for legal entities and in their bank QR code (ST00012): name,
  // INN, KPP, bank, BIK, correspondent and settlement accounts, and the VAT rate in percent or
  // 'none' («Без налога (НДС)»). The defaults are a demo company: set them before issuing real invoices.
  SELLER_NAME: z.string().trim().min(1).max(160).default('ООО «Салон Кабинет» (демо)'),
  SELLER_INN: z.string().refine(isValidInn, 'must be a valid INN (10 or 12 digits)').default('7701234560'),
  SELLER_KPP: z.string().regex(KPP_PATTERN, 'must be 9 characters (KPP)').default('770101001'),
  SELLER_BANK_NAME: z.string().trim().min(1).max(45).default('АО «Демо Банк»'),
  SELLER_BIK: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .default('044525000'),
  SELLER_CORR_ACCOUNT: z
    .string()
    .regex(/^\d{20}$/, 'must be 20 digits')
    .default('30101810400000000000'),
  SELLER_ACCOUNT: z
    .string()
    .regex(/^\d{20}$/, 'must be 20 digits')
    .default('40702810900000000001'),
  SELLER_VAT: z
    .string()
    .regex(/^(none|\d{1,2})$/, "must be 'none' or a percent (20)")
    .default('none'),
  // Where a fiscal receipt is opened, from its fiscal data: {fn} the fiscal storage number, {fd}
  // the document number, {fp} the fiscal sign (the shop's fiscal data operator's check page).
  RECEIPT_URL_TEMPLATE: z
    .string()
    .refine(
      (t) => ['{fn}', '{fd}', '{fp}'].every((k) => t.includes(k)) && URL.canParse(t.replace(/\{f[ndp]\}/g, '1')),
      'must be a URL with {fn}, {fd} and {fp}',
    )
    .default('https://check.ofd.ru/rec/{fn}/{fd}/{fp}'),
  // The operator's bearer token for /api/ops/* (recording an invoice paid, refunds); unset: those
  // routes do not exist (404).
  OPS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  // The partner programme: days a payment's share waits before it may be paid out (its refund
  // window), days a partner's lead is protected from other partners, and where promo links point
  // (unset: PUBLIC_URL).
  PARTNER_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  PARTNER_LEAD_PROTECTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  PROMO_BASE_URL: z.url().optional(),
  // The AI administrator's language model: an OpenAI-compatible chat-completions server (hosted or
  // local). Unset: the embedded retrieval responder answers from the knowledge files and the CRM.
  AI_LLM_BASE_URL: z.url().optional(),
  AI_LLM_API_KEY: z.string().min(1).optional(),
  AI_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  // Where AI feedback (SPEC 7 "a feedback webhook") is forwarded; unset: kept in the database only.
  AI_FEEDBACK_WEBHOOK_URL: z.url().optional(),
  // Where integrator requests (SPEC 7 "Integrator form") are posted as JSON, http(s) only; unset:
  // they are kept in the database only (status 'stored').
  INTEGRATOR_WEBHOOK_URL: z.url().optional(),
  // How long one post to it may take before it counts as failed.
  INTEGRATOR_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // The address guard refuses webhooks on private, loopback and other internal addresses; a
  // self-hoster whose automation runs on their own network may allow them.
  INTEGRATOR_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // The Telegram chat id (a group's is negative) the admin bot forwards cabinet feedback to; unset:
  // feedback is kept in the database only (status 'stored').
  SUPPORT_CHAT_ID: z
    .string()
    .regex(/^-?[1-9]\d{0,14}$/, 'must be a Telegram chat id')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  webDistDir: string;
}

export class ConfigError extends Error {}

// Reads and checks the environment once at start; a bad value stops the server with a message
// that names the variable, instead of failing later somewhere deep.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.BOT_UPDATES_MODE === 'webhook' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required by BOT_UPDATES_MODE=webhook');
  }
  if (e.CHANNEL_TELEGRAM_DRIVER === 'gramjs' && (!e.TELEGRAM_API_ID || !e.TELEGRAM_API_HASH)) {
    throw new ConfigError(
      'Invalid configuration:\n  TELEGRAM_API_ID, TELEGRAM_API_HASH: required by CHANNEL_TELEGRAM_DRIVER=gramjs',
    );
  }
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(here, '../../../web/dist')),
  };
}
