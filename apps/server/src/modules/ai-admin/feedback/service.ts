import type { FeedbackBody } from '@salon/contract/ai-stats';
import type { Clock } from '../../../platform/clock.js';
import { errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { FeedbackRepository, FeedbackRow } from './repository.js';
import type { FeedbackWebhook } from './webhook.js';

export interface FeedbackDeps {
  repo: FeedbackRepository;
  // Absent when AI_FEEDBACK_WEBHOOK_URL is not set: feedback is only kept.
  webhook: FeedbackWebhook | undefined;
  clock: Clock;
  logger: Logger;
}

export interface FeedbackCaller {
  accId: number;
  userId: number;
  // SPEC 7's account_id, when given, must be the session's branch.
  accountId?: number;
}

// The sweep leaves younger rows to the request that stored them, which may still be forwarding.
export const FEEDBACK_RETRY_AFTER_MS = 60_000;
const RETRY_BATCH = 20;

// SPEC 7 "POST feedback": the user's feedback on the AI administrator is kept first, then forwarded
// to the configured webhook; a failed forward is retried by the sweep (at least once, never lost).
export class FeedbackService {
  constructor(private readonly d: FeedbackDeps) {}

  async submit(caller: FeedbackCaller, body: FeedbackBody): Promise<void> {
    if (caller.accountId !== undefined && caller.accountId !== caller.accId) throw errors.accessDenied('account_id');
    const row = await this.d.repo.insert({
      accId: caller.accId,
      userId: caller.userId,
      text: body.text.trim(),
      rate: body.rate ?? null,
      topic: body.topic ?? null,
      branchName: body.branch_name ?? null,
      createdAt: this.d.clock.now(),
    });
    // The answer does not wait on the receiver's verdict beyond the webhook's short timeout, and
    // does not depend on it: the feedback is kept either way.
    await this.forward(row);
  }

  // The sweep: forwards what is still waiting, oldest first; stops at the first failure, since a
  // receiver that is down now will refuse the rest too.
  async retry(): Promise<void> {
    if (!this.d.webhook) return;
    const before = new Date(this.d.clock.now().getTime() - FEEDBACK_RETRY_AFTER_MS);
    for (const row of await this.d.repo.unforwarded(before, RETRY_BATCH)) {
      if (!(await this.forward(row))) return;
    }
  }

  private async forward(row: FeedbackRow): Promise<boolean> {
    if (!this.d.webhook) return false;
    let delivered: boolean;
    try {
      delivered = await this.d.webhook.forward(row);
    } catch (err) {
      this.d.logger.warn({ err, feedbackId: row.id }, 'AI feedback webhook unreachable; kept for a retry');
      return false;
    }
    if (!delivered) {
      this.d.logger.warn({ feedbackId: row.id }, 'AI feedback webhook refused the feedback; kept for a retry');
      return false;
    }
    await this.d.repo.markForwarded(row.id, this.d.clock.now());
    return true;
  }
}
