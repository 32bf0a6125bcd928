import { z } from 'zod';

// GET /public_config: what the login page and the header need before anyone is signed in.
export const publicConfigResponse = z.object({
  ok: z.literal(true),
  // t.me link of the admin bot, when a bot token is configured.
  bot_url: z.string().nullable(),
  // True when no bot is configured and PINs are written to the server log (local installs).
  pin_in_server_log: z.boolean(),
  support_telegram_url: z.string(),
  support_phone: z.string(),
  knowledge_base_url: z.string(),
  landing_url: z.string(),
  privacy_url: z.string(),
  offer_url: z.string(),
  refund_url: z.string(),
  // The video instruction (YouTube, Rutube or VK Video); sections start at VIDEO_SECTION_START.
  video_instructions_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
