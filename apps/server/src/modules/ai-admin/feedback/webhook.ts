import type { FeedbackRow } from './repository.js';

// What the feedback webhook receives: one JSON object per feedback. `id` is stable across
// retries, so a receiver that saw a forward whose answer we lost can drop the repeat.
export interface FeedbackWebhookPayload {
  id: number;
  acc_id: number;
  user_id: number;
  branch_name: string | null;
  text: string;
  rate: number | null;
  topic: string | null;
  created_at: string;
}

export interface FeedbackWebhook {
  // Resolves true when the receiver took it (2xx); false on any failure, which is retried later.
  forward(row: FeedbackRow): Promise<boolean>;
}

export const FEEDBACK_WEBHOOK_TIMEOUT_MS = 5_000;

// Only http(s): the URL comes from configuration, but a file: or data: URL is never a webhook.
export function isWebhookUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

export function feedbackPayload(row: FeedbackRow): FeedbackWebhookPayload {
  return {
    id: row.id,
    acc_id: row.accId,
    user_id: row.userId,
    branch_name: row.branchName,
    text: row.text,
    rate: row.rate,
    topic: row.topic,
    created_at: row.createdAt.toISOString(),
  };
}

// POSTs the feedback as JSON. A redirect is a failure, not followed: the configured URL is the
// only place the salon's feedback may go.
export function httpFeedbackWebhook(
  url: string,
  timeoutMs = FEEDBACK_WEBHOOK_TIMEOUT_MS,
  fetchFn: typeof fetch = globalThis.fetch,
): FeedbackWebhook {
  if (!isWebhookUrl(url)) throw new Error('AI_FEEDBACK_WEBHOOK_URL must be an http(s) URL');
  return {
    async forward(row) {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(feedbackPayload(row)),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is not ours to read, but it must be drained for the connection to be reused.
      await response.arrayBuffer().catch(() => undefined);
      return response.status >= 200 && response.status < 300;
    },
  };
}
