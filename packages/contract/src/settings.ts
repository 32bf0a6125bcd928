import { z } from 'zod';
import { isValidInn, KPP_PATTERN, BILL_NAME_MAX } from './inn-rules.js';
import {
  CUSTOM_NAME_MAX,
  EXCEPTION_MASTERS_MAX,
  HIDDEN_PHONE_ENTRY_MAX,
  HIDDEN_PHONES_MAX,
  MASTER_NAME_MAX,
  PRIORITY_CHANNELS,
  SETTINGS_STATUS,
  TIME_OF_DAY,
} from './settings-rules.js';
import { SMS_PROVIDERS } from './sms-providers.js';

export * from './inn-rules.js';
export * from './settings-rules.js';

// SPEC 7 Settings. Every GET answers {ok, data}; every POST answers {ok, status, data} with the
// saved state, so the page shows exactly what the server kept.
const saved = <T extends z.ZodType>(data: T) =>
  z.object({ ok: z.literal(true), status: z.literal(SETTINGS_STATUS.saved), data });
const loaded = <T extends z.ZodType>(data: T) => z.object({ ok: z.literal(true), data });

// --- General (SPEC 3 Settings: General) ---
export const generalSettings = z.object({
  phones_dont_show_in_bot: z
    .array(z.string().trim().min(1).max(HIDDEN_PHONE_ENTRY_MAX, { message: 'too_long' }))
    .max(HIDDEN_PHONES_MAX),
  phone: z.union([z.literal(''), z.string().regex(/^\d{10,15}$/, { message: 'invalid_phone' })]),
  reply_msg_check: z.boolean(),
  enable_reply_in_bot: z.boolean(),
  send_contact: z.boolean(),
  disable_chat: z.boolean(),
  enable_confirm: z.boolean(),
  custom_name: z.string().trim().max(CUSTOM_NAME_MAX),
});
export type GeneralSettings = z.infer<typeof generalSettings>;
export const generalSettingsResponse = loaded(generalSettings);
export const generalSettingsSaved = saved(generalSettings);
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  phones_dont_show_in_bot: [],
  phone: '',
  reply_msg_check: false,
  enable_reply_in_bot: false,
  send_contact: false,
  disable_chat: false,
  enable_confirm: true,
  custom_name: '',
};

// --- Billing data (SPEC 7 /settings/bill_data {inn, kpp, name}) ---
export const billData = z.object({
  inn: z.union([z.literal(''), z.string().refine(isValidInn, { message: SETTINGS_STATUS.innInvalid })]),
  kpp: z.union([z.literal(''), z.string().regex(KPP_PATTERN, { message: 'invalid_kpp' })]),
  name: z.string().trim().max(BILL_NAME_MAX),
});
export type BillData = z.infer<typeof billData>;
export const billDataResponse = loaded(billData);
export const billDataSaved = saved(billData);

// --- System messages (message_sending_schedule [from, to] or null, exception_masters_names) ---
export const systemMessages = z.object({
  message_sending_schedule: z
    .tuple([z.string().regex(TIME_OF_DAY), z.string().regex(TIME_OF_DAY)])
    .refine(([from, to]) => from !== to, { message: 'empty_window' })
    .nullable(),
  exception_masters_names: z
    .array(z.string().trim().min(1).max(MASTER_NAME_MAX))
    .max(EXCEPTION_MASTERS_MAX)
    .transform((names) => [...new Set(names)]),
});
export type SystemMessages = z.infer<typeof systemMessages>;
// Answers carry the stored value as is: the request's de-duplicating transform has no way back
// for the response serializer.
const systemMessagesWire = systemMessages.extend({ exception_masters_names: z.array(z.string()) });
export const systemMessagesResponse = loaded(systemMessagesWire);
export const systemMessagesSaved = saved(systemMessagesWire);

// --- Channel priority: {"1": "Whatsapp", "2": "Telegram", "3": "SMS", soft_priority}; positions up
// to 5 with the two bot channels ---
const priorityChannel = z.enum(PRIORITY_CHANNELS);
export const priorityChannelBody = z
  .object({ soft_priority: z.boolean() })
  .catchall(z.union([priorityChannel, z.boolean()]))
  .superRefine((value, ctx) => {
    const channels: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (key === 'soft_priority') continue;
      if (!/^[1-5]$/.test(key) || typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', path: [key], message: 'invalid_position' });
        continue;
      }
      channels.push(v);
    }
    if (channels.length === 0 || new Set(channels).size !== channels.length) {
      ctx.addIssue({ code: 'custom', path: [], message: 'invalid_order' });
    }
  });
export type PriorityChannelBody = z.infer<typeof priorityChannelBody>;
// `available`: the channels that have priority data on this branch (connected, or an SMS provider
// set); the menu shows the page only when there are at least two.
export const priorityChannelResponse = z.object({
  ok: z.literal(true),
  data: priorityChannelBody,
  available: z.array(priorityChannel),
});
export const priorityChannelSaved = z.object({
  ok: z.literal(true),
  status: z.literal(SETTINGS_STATUS.saved),
  data: priorityChannelBody,
  available: z.array(priorityChannel),
});

// --- SMS provider (sms_provider null when off) ---
const providerIds = SMS_PROVIDERS.map((p) => p.id);
const optionalText = (max: number) => z.string().trim().max(max).optional();
export const smsSettingsBody = z.object({
  sms_provider: z
    .number()
    .int()
    .refine((id) => providerIds.includes(id), { message: 'unknown_provider' })
    .nullable(),
  // Secrets (API key, password): omitted or still masked means "keep what is stored".
  sms_apikey: optionalText(200),
  sms_pass: optionalText(200),
  sms_login: optionalText(200),
  sms_sendername: optionalText(20),
  sms_confirm: z.boolean(),
});
export type SmsSettingsBody = z.infer<typeof smsSettingsBody>;
// What GET returns: secrets masked (SECRET_MASK + last 4), the rest in full.
export const smsSettingsWire = z.object({
  sms_provider: z.number().int().nullable(),
  sms_apikey: z.string(),
  sms_pass: z.string(),
  sms_login: z.string(),
  sms_sendername: z.string(),
  sms_confirm: z.boolean(),
});
export type SmsSettingsWire = z.infer<typeof smsSettingsWire>;
export const smsSettingsResponse = loaded(smsSettingsWire);
export const smsSettingsSaved = saved(smsSettingsWire);

// --- SMS balance (GET /settings/sms_balance): asked of the saved provider on each request ---
// ok: balance holds the amount; not_supported: the provider has no balance call; off: no provider
// saved; unavailable: the provider failed or did not answer in time; sandbox: the sandbox network
// carries SMS here and has no account.
export const SMS_BALANCE_STATUSES = ['ok', 'not_supported', 'off', 'unavailable', 'sandbox'] as const;
export type SmsBalanceStatus = (typeof SMS_BALANCE_STATUSES)[number];
export const smsBalance = z.object({
  provider: z.string().nullable(),
  balance: z.number().nullable(),
  // ISO 4217 when the provider's accounts have one known currency, else null.
  currency: z.string().nullable(),
  status: z.enum(SMS_BALANCE_STATUSES),
  checked_at: z.iso.datetime({ offset: true }),
});
export type SmsBalance = z.infer<typeof smsBalance>;
export const smsBalanceResponse = loaded(smsBalance);
