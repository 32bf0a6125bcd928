import { describe, expect, it } from 'vitest';
import { FEEDBACK_TEXT_MAX, feedbackBody } from '@salon/contract/ai-stats';
import { EMPTY_FEEDBACK, canSendFeedback, feedbackPayload, toggleReason } from './feedback-rules';

describe('feedback', () => {
  it('cannot be sent without text, while sending, or over the limit', () => {
    expect(canSendFeedback(EMPTY_FEEDBACK, false)).toBe(false);
    expect(canSendFeedback({ ...EMPTY_FEEDBACK, text: '   ' }, false)).toBe(false);
    expect(canSendFeedback({ ...EMPTY_FEEDBACK, text: 'Works' }, false)).toBe(true);
    expect(canSendFeedback({ ...EMPTY_FEEDBACK, text: 'Works' }, true)).toBe(false);
    expect(canSendFeedback({ ...EMPTY_FEEDBACK, text: 'x'.repeat(FEEDBACK_TEXT_MAX + 1) }, false)).toBe(false);
  });

  it('unchooses a reason clicked twice', () => {
    expect(toggleReason(null, 'no_result')).toBe('no_result');
    expect(toggleReason('no_result', 'no_result')).toBeNull();
    expect(toggleReason('no_result', 'not_clear')).toBe('not_clear');
  });

  it('sends only what was given, in a body the contract accepts', () => {
    const full = feedbackPayload({ text: ' Slow answers ', rate: 3, topic: 'not_working' }, 'Salon on Lenina');
    expect(full).toEqual({ text: 'Slow answers', rate: 3, topic: 'not_working', branch_name: 'Salon on Lenina' });
    expect(feedbackBody.safeParse(full).success).toBe(true);
    const bare = feedbackPayload({ text: 'Hi', rate: null, topic: null }, null);
    expect(bare).toEqual({ text: 'Hi' });
    expect(feedbackBody.safeParse(bare).success).toBe(true);
  });
});
