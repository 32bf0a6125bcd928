import { z } from 'zod';
import { CRM_NAMES, CURRENCIES, LANGUAGES, MODULES } from './constants.js';
import { rightSchema } from './rights.js';

// SPEC 4 Channel: server statuses of a channel.
export const CHANNEL_STATUSES = [
  'authenticated',
  'blocked',
  'got qr code',
  'loading',
  'error',
  'not_authenticated',
  'drop',
  'no_pay',
] as const;
export const channelStatusSchema = z.enum(CHANNEL_STATUSES);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

export const PARTNER_TYPES = ['salon', 'consultant'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

// One branch as the server sends it (SPEC 3 Branch, wire names in snake_case).
export const branchWire = z.object({
  acc_id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  status_wa: channelStatusSchema,
  status_tg: channelStatusSchema,
  quantity_of_templates: z.number().int(),
  send_out_account: z.boolean(),
  is_admin_bot_integrated: z.boolean(),
  pay_period: z.string().nullable(),
  pay_status: z.boolean(),
  action_send_out: z.boolean(),
  rights: z.array(rightSchema),
  show_wa_banner: z.boolean(),
  is_show_no_wa_warning: z.boolean(),
  crm_name: z.enum(CRM_NAMES),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  show_tg_banner: z.boolean(),
  show_neiro_interface: z.boolean(),
  show_partner_page_banner: z.boolean(),
  active_modules: z.array(z.enum(MODULES)),
  // How many channels have channel-priority data (the menu shows /channel_priority when > 1).
  priority_channels: z.number().int(),
});
export type BranchWire = z.infer<typeof branchWire>;

export const consultantDataWire = z.object({
  partner_type: z.enum(PARTNER_TYPES),
  rights: z.array(rightSchema),
  promo_code: z.string(),
  promo_codes: z.array(z.string()),
});
export type ConsultantDataWire = z.infer<typeof consultantDataWire>;

export const bannerWire = z.object({ image_url: z.string(), info_url: z.string() });

export const agreementsWire = z.object({
  mandatory_agreement: z.boolean(),
  optional_agreement: z.boolean(),
});
export type AgreementsWire = z.infer<typeof agreementsWire>;

// GET /accounts?check_status=1&check_info_block=1&block_name=wa_blocked
export const accountsQuery = z.object({
  check_status: z.coerce.boolean().optional(),
  check_info_block: z.coerce.boolean().optional(),
  block_name: z.string().max(64).optional(),
});
export const accountsResponse = z.object({
  ok: z.literal(true),
  accounts: z.array(branchWire),
  accounts_data: z.object({
    user_id: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    lang: z.enum(LANGUAGES),
    // Count of the info block named in the query (how often it was shown), when asked.
    info_block_count: z.number().int().nullable(),
  }),
  banners_data: z.array(bannerWire),
  consultant: z.boolean(),
  consultant_data: consultantDataWire.nullable(),
  agreements: agreementsWire,
});
export type AccountsResponse = z.infer<typeof accountsResponse>;

// POST /agreements {mandatory_agreement: true, optional_agreement}
export const agreementsBody = z.object({
  mandatory_agreement: z.literal(true),
  optional_agreement: z.boolean(),
});
export const agreementsResponse = z.object({ ok: z.literal(true), agreements: agreementsWire });

// GET /accounts_get_info_block?block_name&limit=1 ; POST /accounts_upd_info_block {block_name}
export const infoBlockQuery = z.object({
  block_name: z.string().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const infoBlockResponse = z.object({ ok: z.literal(true), count: z.number().int() });
export const updInfoBlockBody = z.object({ block_name: z.string().min(1).max(64) });
export const updInfoBlockResponse = z.object({ ok: z.literal(true), result: z.boolean() });

// GET /header_banner: the info line above the page; hidden by the user until its text changes.
export const headerBannerResponse = z.object({
  ok: z.literal(true),
  banner: z.object({ id: z.number().int(), text: z.record(z.enum(LANGUAGES), z.string()) }).nullable(),
});
export type HeaderBannerResponse = z.infer<typeof headerBannerResponse>;

// POST /user/lang {lang}: remembers the language the user chose.
export const userLangBody = z.object({ lang: z.enum(LANGUAGES) });
