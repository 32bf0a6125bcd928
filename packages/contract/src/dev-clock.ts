import { z } from 'zod';

// Dev area (DEV_CLOCK=adjustable installs only): read and move the server's clock forward, so
// reminders due tomorrow can be seen today. Never mounted on a normal install.
export const devClockResponse = z.object({ ok: z.literal(true), now: z.string(), offset_ms: z.number() });
export const devClockBody = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000),
});
