import { z } from 'zod';
import type { JobDefinition, Queue } from '../platform/queue.js';
import type { CrmProcessor } from './processor.js';

const payload = z.object({});

// One waiting job at a time drains the CRM inbox; each new event asks for one (SPEC: a webhook is
// stored first, then processed by a worker).
export function crmEventsJob(processor: () => CrmProcessor): JobDefinition<typeof payload> {
  return {
    name: 'crm.events',
    payload,
    policy: 'short',
    pollingIntervalSeconds: 0.5,
    handler: async () => {
      await processor().processPending();
    },
  };
}

export function crmKick(queue: Queue | undefined, job: JobDefinition<typeof payload>) {
  return async (): Promise<void> => {
    if (!queue) return;
    await queue.send(job, {}, { singletonKey: 'crm-inbox' });
  };
}
