import { useMutation } from '@tanstack/react-query';
import { testMessageBody, testMessageResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';

// POST /send_test_message {phone, text}: one message through the real dispatcher.
export function sendTestMessage(input: { phone: string; text: string }) {
  return api.request({
    method: 'POST',
    path: '/send_test_message',
    body: testMessageBody.parse(input),
    schema: testMessageResponse,
  });
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage });
}
