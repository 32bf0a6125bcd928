import { queryOptions, useQuery } from '@tanstack/react-query';
import { testChatMessages } from '@salon/contract/ai-chat';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { awaitsBot } from '../chat-message-rules';
import { testChatKeys } from './test-chat-keys';

// While the bot owes an answer (it answers after the aggregation time) the chat asks again this often.
export const TEST_CHAT_POLL_MS = 2500;

export function testChatQuery(accId: number | null) {
  return queryOptions({
    queryKey: testChatKeys.messages(accId),
    queryFn: ({ signal }) =>
      api.request({ host: 'ai', path: '/api/v1/test_chat/messages', schema: testChatMessages, signal }),
  });
}

// GET /api/ai/api/v1/test_chat/messages?acc_id: the messages, the waiting suggestion and the state.
export function useTestChat() {
  const { accId } = useSession();
  return useQuery({
    ...testChatQuery(accId),
    refetchInterval: (query) => {
      const chat = query.state.data;
      return chat && awaitsBot(chat.messages, chat.status) ? TEST_CHAT_POLL_MS : false;
    },
  });
}
