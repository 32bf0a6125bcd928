import { z } from 'zod';

// GET/POST /crm/connection: which booking system a branch's records come from. YCLIENTS needs the
// company id and a user token (the partner token is the installation's); the server checks them
// with YCLIENTS before saving. The token is stored sealed and never returned.
export const CRM_CONNECTION_STATUS = {
  saved: 'SAVE_SUCCESS',
  notConfigured: 'CRM_NOT_CONFIGURED',
  rejected: 'CRM_CREDENTIALS_REJECTED',
  unreachable: 'CRM_UNREACHABLE',
  companyTaken: 'CRM_COMPANY_TAKEN',
} as const;

export const crmConnectionWire = z.object({
  kind: z.enum(['local', 'yclients']),
  company_id: z.number().int().nullable(),
  has_user_token: z.boolean(),
  // Where YCLIENTS must send its webhooks (hooks_settings), relative to the server's public URL.
  webhook_path: z.string(),
  last_poll_at: z.string().nullable(),
  yclients_available: z.boolean(),
});
export type CrmConnectionWire = z.infer<typeof crmConnectionWire>;
export const crmConnectionResponse = z.object({ ok: z.literal(true), data: crmConnectionWire });

export const crmConnectionBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local') }),
  z.object({
    kind: z.literal('yclients'),
    company_id: z.number().int().positive(),
    // Omitted: keep the stored token (same company only).
    user_token: z.string().trim().min(8).max(200).optional(),
  }),
]);
export const crmConnectionSaved = z.object({
  ok: z.literal(true),
  status: z.literal(CRM_CONNECTION_STATUS.saved),
  data: crmConnectionWire,
});
