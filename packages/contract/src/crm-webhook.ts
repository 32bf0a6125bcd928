import { z } from 'zod';

// POST /crm/yclients/webhook: what YCLIENTS sends after a change (its "webhooks" section). One event
// or an array of them; `data` is the entity as its REST API returns it. Ids are numbers in the
// documentation; digit strings are accepted too.
const positiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);

export const yclientsWebhookEvent = z.object({
  company_id: positiveId,
  // company, service_category, service, staff, client, record, goods_operations_sale, ...
  resource: z.string().min(1).max(64),
  resource_id: z.union([z.number().int().nonnegative().transform(String), z.string().regex(/^\d{1,20}$/)]),
  // Documented: create, update or delete. Kept open so a new status is stored, not bounced.
  status: z.string().min(1).max(32),
  data: z.unknown(),
});
export type YclientsWebhookEvent = z.infer<typeof yclientsWebhookEvent>;

export const yclientsWebhookBody = z.union([yclientsWebhookEvent, z.array(yclientsWebhookEvent).min(1).max(1000)]);
export type YclientsWebhookBody = z.infer<typeof yclientsWebhookBody>;

// Answered only after every event is stored. `ignored`: events of companies no branch is connected to.
export const yclientsWebhookResponse = z.object({
  ok: z.literal(true),
  stored: z.number().int(),
  duplicates: z.number().int(),
  ignored: z.number().int(),
});
export type YclientsWebhookResponse = z.infer<typeof yclientsWebhookResponse>;
