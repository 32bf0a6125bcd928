import { useMutation } from '@tanstack/react-query';
import { feedbackBody, type FeedbackBody } from '@salon/contract/ai-stats';
import { okSchema } from '@salon/contract/status';
import { api } from '../../../../shared/api/api';

// POST /api/ai/api/v1/feedback?acc_id {text, rate?, topic?, branch_name?} (SPEC 7); nothing cached changes.
export function sendFeedback(body: FeedbackBody) {
  return api.request({
    host: 'ai',
    method: 'POST',
    path: '/api/v1/feedback',
    body: feedbackBody.parse(body),
    schema: okSchema,
  });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
