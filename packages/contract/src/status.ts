import { z } from 'zod';

export * from './status-text.js';

export const failSchema = z.object({
  ok: z.literal(false),
  status: z.string(),
  detail: z.string().optional(),
  // Field-level problems of a rejected body, as `path: message code`.
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type Fail = z.infer<typeof failSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
