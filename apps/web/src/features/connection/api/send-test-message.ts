import { useMutation } from '@tanstack/react-query';
import { testMessageBody, testMessageResponse, type ChannelCode } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';

export interface TestMessageInput {
  phone: string;
  text: string;
  // Pins the message to one channel (a bot tab tests its bot); otherwise the branch's priority applies.
  channel?: ChannelCode;
}

// POST /send_test_message {phone, text, channel?}: one message through the real dispatcher.
export function sendTestMessage(input: TestMessageInput) {
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
