import { z } from 'zod';
import { FORM_URL_MAX } from './onboarding-rules.js';

export * from './onboarding-rules.js';

// SPEC 7 /save_sendout_bot_form (main host, no session): a new salon's owner asks for a send-out
// account. The promo link of a partner (`/auto_connect_send_out?promo_code=X`) adds `promo_code`.
//
//   POST /api/save_sendout_bot_form {owner_phone, salon_phone, telegram_id, wa_life_time, time_to_msk,
//        acc_id, form_url, agreements, promo_code} → sendOutFormSaved
//
// The fields are loose on the wire so that every SPEC 5 check answers its own status text (400,
// ONBOARDING_STATUS) in the order of the rules, instead of one schema failure for them all.
const digits = z.union([z.string().max(40), z.number().int().nonnegative()]).nullish();

export const sendOutFormBody = z.object({
  owner_phone: digits,
  salon_phone: digits,
  telegram_id: digits,
  // One of WA_AGES.
  wa_life_time: z.string().max(40).nullish(),
  // Whole hours to Moscow time (UTC+3 → 0, UTC+5 → 2, UTC−5 → −8).
  time_to_msk: z.union([z.number(), z.string().max(8)]).nullish(),
  // The branch a form link was made for; a send-out account always gets a branch of its own, so it
  // is kept on the wire only.
  acc_id: z.union([z.number(), z.string().max(16)]).nullish(),
  // The page the form was filled in on (the server logs it with the request).
  form_url: z.string().max(FORM_URL_MAX).nullish(),
  agreements: z
    .object({ mandatory_agreement: z.boolean().optional(), optional_agreement: z.boolean().optional() })
    .nullish(),
  promo_code: z.string().max(40).nullish(),
});
export type SendOutFormBody = z.infer<typeof sendOutFormBody>;

export const sendOutFormSaved = z.object({
  ok: z.literal(true),
  // The admin bot's start link when the bot is configured, else the cabinet's login page.
  deeplink: z.string(),
  acc_id: z.number().int(),
  // false: the same Telegram id sent the same salon phone before; its branch is answered again.
  created: z.boolean(),
});
export type SendOutFormSaved = z.infer<typeof sendOutFormSaved>;
