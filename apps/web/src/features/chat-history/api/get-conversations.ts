import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_CONVERSATIONS_PAGE, chatConversationsResponse } from '@salon/contract/chat-history';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { chatKeys } from './chat-keys';

// The inbox list looks for new conversations and unread counts this often.
export const CONVERSATIONS_REFRESH_MS = 10_000;

export function conversationsQuery(accId: number | null) {
  return infiniteQueryOptions({
    queryKey: chatKeys.conversations(accId),
    queryFn: ({ signal, pageParam }) =>
      api.request({
        path: '/chat_conversations',
        query: { limit: CHAT_CONVERSATIONS_PAGE, offset: pageParam },
        schema: chatConversationsResponse,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length * CHAT_CONVERSATIONS_PAGE : undefined),
    refetchInterval: CONVERSATIONS_REFRESH_MS,
  });
}

// GET /chat_conversations: latest conversation first, page by page.
export function useConversations() {
  const { accId } = useSession();
  return useInfiniteQuery(conversationsQuery(accId));
}
