import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.js';
import type { AuthService } from './service.js';

// Hourly sweep of expired PINs, dead sessions and old rate-limit windows; harmless to run twice.
export function authJobs(service: AuthService): JobDefinition<z.ZodType>[] {
  return [
    {
      name: 'auth.purge-expired',
      payload: z.object({}).passthrough(),
      cron: '17 * * * *',
      handler: () => service.purgeExpired(),
    },
  ];
}
