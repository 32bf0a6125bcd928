import { z } from 'zod';
import type { JobDefinition, Queue } from '../../../platform/queue.js';
import type { LiveConversations } from './live.js';

const payload = z.object({ conversationId: z.number().int().positive() });

// One answer step per conversation after its aggregation time. The 'short' policy keeps one waiting
// job per conversation, so a client's burst of messages asks for one answer; the step itself claims
// the conversation's wait, so a job that runs twice (or beside the sweep) answers once.
export function answerJob(live: () => LiveConversations): JobDefinition<typeof payload> {
  return {
    name: 'ai-admin.answer',
    payload,
    policy: 'short',
    pollingIntervalSeconds: 0.5,
    handler: async ({ conversationId }) => {
      await live().answerDue(conversationId);
    },
  };
}

// pg-boss waits in real time: the job starts after the same delay from now (see channels/dispatch/jobs.ts).
export function answerScheduler(queue: Queue | undefined, job: JobDefinition<typeof payload>) {
  return async (conversationId: number, delayMs: number): Promise<void> => {
    if (!queue) return;
    await queue.send(
      job,
      { conversationId },
      { startAfter: new Date(Date.now() + Math.max(0, delayMs)), singletonKey: `ai-answer:${conversationId}` },
    );
  };
}
