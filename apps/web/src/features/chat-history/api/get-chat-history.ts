import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHistoryResponse } from '@salon/contract/chat-history';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { isChatSearchReady } from '../chat-search';

export const CHAT_HISTORY_LIMIT = 200;

export function chatHistoryQuery(accId: number | null, phone: string) {
  return queryOptions({
    queryKey: ['chat-history', accId, phone],
    queryFn: ({ signal }) =>
      api.request({
        path: '/chat_history',
        query: { phone, limit: CHAT_HISTORY_LIMIT },
        schema: chatHistoryResponse,
        signal,
      }),
  });
}

// GET /chat_history?phone&limit: runs only for a search of 10+ digits or '*' (SPEC 5).
export function useChatHistory(phone: string) {
  const { accId } = useSession();
  return useQuery({ ...chatHistoryQuery(accId, phone), enabled: isChatSearchReady(phone) });
}
