import { useMutation } from '@tanstack/react-query';
import { feedbackSent } from '@salon/contract/support';
import { api } from '../../../shared/api/api';
import { toFeedbackForm, type FeedbackFormValues } from '../feedback-rules';

// POST /send_feedback_to_asana (multipart: the optional file goes with the text); the selected
// branch, if any, rides in the query as on every call.
export function sendFeedback(values: FeedbackFormValues) {
  return api.request({
    method: 'POST',
    path: '/send_feedback_to_asana',
    body: toFeedbackForm(values),
    schema: feedbackSent,
  });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
