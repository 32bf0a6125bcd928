import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHistoryResponse } from '@salon/contract/chat-history';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { isChatSearchReady } from '../chat-search';
import { chatKeys } from './chat-keys';

export const CHAT_HISTORY_LIMIT = 200;
// A conversation on screen looks for new messages this often.
export const THREAD_REFRESH_MS = 5_000;

export function chatHistoryQuery(accId: number | null, phone: string) {
  return queryOptions({
    queryKey: chatKeys.search(accId, phone),
    queryFn: ({ signal }) =>
      api.request({
        path: '/chat_history',
        query: { phone, limit: CHAT_HISTORY_LIMIT },
        schema: chatHistoryResponse,
        signal,
      }),
  });
}

export function chatThreadQuery(accId: number | null, conversationId: number) {
  return queryOptions({
    queryKey: chatKeys.thread(accId, conversationId),
    queryFn: ({ signal }) =>
      api.request({
        path: '/chat_history',
        query: { conversationId, limit: CHAT_HISTORY_LIMIT },
        schema: chatHistoryResponse,
        signal,
      }),
    refetchInterval: THREAD_REFRESH_MS,
  });
}

// GET /chat_history?phone&limit: runs only for a search of 10+ digits or '*' (SPEC 5).
export function useChatHistory(phone: string) {
  const { accId } = useSession();
  return useQuery({ ...chatHistoryQuery(accId, phone), enabled: isChatSearchReady(phone) });
}

// GET /chat_history?conversationId: one conversation picked in the inbox.
export function useChatThread(conversationId: number | null) {
  const { accId } = useSession();
  return useQuery({ ...chatThreadQuery(accId, conversationId ?? 0), enabled: conversationId !== null });
}
