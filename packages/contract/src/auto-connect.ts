import { z } from 'zod';
import { FORM_URL_MAX } from './onboarding-rules.js';

export * from './auto-connect-rules.js';

// The auto-connection wizard (SPEC 2 /auto_connect_form and /auto_connect, SPEC 3 Auto-connection
// form, SPEC 4, SPEC 7). All public (the salon has no account yet); the form is keyed by the link's
// acc_id (the CRM company id), form_hash (unguessable) and crm_name.
//
//   POST /api/autoconnect_request {crm_name, company_id, promo_code?} → autoConnectRequested
//   GET  /api/get_form?acc_id&form_hash&crm_name → autoConnectForm
//   POST /api/accept_step?acc_id&form_hash&crm_name {form_step, …the step's fields} → autoConnectForm
//
// The fields are loose on the wire so that each rule answers its own status (400, AUTO_CONNECT_STATUS
// or ONBOARDING_STATUS) instead of one schema failure for them all.
const loose = z.union([z.string().max(FORM_URL_MAX), z.number()]).nullish();

export const autoConnectRequestBody = z.object({
  crm_name: z.string().max(40).nullish(),
  company_id: z.union([z.string().max(16), z.number()]).nullish(),
  promo_code: z.string().max(40).nullish(),
});
export type AutoConnectRequestBody = z.infer<typeof autoConnectRequestBody>;

export const autoConnectRequested = z.object({
  ok: z.literal(true),
  form_hash: z.string(),
  // The wizard's address on this cabinet: /auto_connect?acc_id=…&form_hash=…&crm_name=…[&promo_code=…]
  url: z.string(),
});
export type AutoConnectRequested = z.infer<typeof autoConnectRequested>;

export const autoConnectFormQuery = z.object({
  acc_id: z.union([z.string().max(16), z.number()]).nullish(),
  form_hash: z.string().max(200).nullish(),
  crm_name: z.string().max(40).nullish(),
});
export type AutoConnectFormQuery = z.infer<typeof autoConnectFormQuery>;

export const autoConnectAgreements = z.object({
  mandatory_agreement: z.boolean().optional(),
  optional_agreement: z.boolean().optional(),
});

// SPEC 7 accept_step; each step reads its own fields only (auto-connect-rules STEP_FIELDS).
export const acceptStepBody = z.object({
  crm_name: z.string().max(40).nullish(),
  form_step: z.union([z.number(), z.string().max(4)]).nullish(),
  branch_name: loose,
  // The promo code typed at step 2.
  from_ref: z.string().max(40).nullish(),
  owner_phone: loose,
  emoji_list: z.array(z.string().max(32)).max(50).nullish(),
  emoji: z.string().max(32).nullish(),
  salon_phone: loose,
  wa_life_time: z.string().max(40).nullish(),
  main_url: loose,
  other_urls: z.array(z.string().max(FORM_URL_MAX)).max(20).nullish(),
  address: loose,
  // The server's own bot link and QR (answered by get_form); sent back, they are ignored.
  deep_link: loose,
  qr_code: z.string().max(200_000).nullish(),
  promo_bonus: loose,
  main_channel: z.string().max(8).nullish(),
  // Step 7: the owner's Telegram id, the login of the new cabinet.
  telegram_id: z.union([z.string().max(40), z.number().int().nonnegative()]).nullish(),
  agreements: autoConnectAgreements.nullish(),
});
export type AcceptStepBody = z.infer<typeof acceptStepBody>;

export const autoConnectForm = z.object({
  ok: z.literal(true),
  crmName: z.string(),
  // The CRM company id (the link's acc_id).
  accId: z.number().int(),
  stepId: z.number().int(),
  completed: z.boolean(),
  // The branch the last step created (the cabinet's acc_id).
  branchAccId: z.number().int().nullable(),
  promoCode: z.string().nullable(),
  promoCodeData: z.object({ discount: z.number(), bonusDays: z.number().int() }).nullable(),
  salonName: z.string(),
  emoji: z.string().nullable(),
  emojiList: z.array(z.string()),
  salonAddress: z.string(),
  salonPhoneNumber: z.string(),
  ownerPhoneNumber: z.string(),
  ageOfWhatsappAccount: z.string().nullable(),
  mainChannel: z.string().nullable(),
  linksOnSalon: z.array(z.string()),
  telegramId: z.string(),
  // The admin bot's start link and its QR (a data: URL); null without a bot.
  botLink: z.string().nullable(),
  imageSrc: z.string().nullable(),
  agreements: z.object({ mandatory_agreement: z.boolean(), optional_agreement: z.boolean() }).nullable(),
});
export type AutoConnectForm = z.infer<typeof autoConnectForm>;
