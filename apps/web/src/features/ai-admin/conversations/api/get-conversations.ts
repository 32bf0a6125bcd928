import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { conversationMessages, conversationsResponse } from '@salon/contract/ai-chat';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { conversationKeys } from './conversation-keys';

// The page follows the live chats: a new message or suggestion shows within this time.
export const CONVERSATIONS_REFRESH_MS = 10_000;
export const CONVERSATIONS_LIMIT = 200;

// GET /api/ai/api/v1/conversations/?acc_id&limit&waiting: the branch's conversations with the bot.
export function useConversationList(waiting: boolean) {
  const { accId } = useSession();
  return useQuery({
    queryKey: conversationKeys.list(accId, waiting),
    queryFn: ({ signal }) =>
      api.request({
        host: 'ai',
        path: '/api/v1/conversations/',
        query: { limit: CONVERSATIONS_LIMIT, skip: 0, ...(waiting ? { waiting: 'true' } : {}) },
        schema: conversationsResponse,
        signal,
      }),
    refetchInterval: CONVERSATIONS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

// GET /api/ai/api/v1/conversations/messages?acc_id&phone: one conversation and its messages.
export function useConversation(phone: string) {
  const { accId } = useSession();
  return useQuery({
    queryKey: conversationKeys.one(accId, phone),
    queryFn: ({ signal }) =>
      api.request({
        host: 'ai',
        path: '/api/v1/conversations/messages',
        query: { phone },
        schema: conversationMessages,
        signal,
      }),
    refetchInterval: CONVERSATIONS_REFRESH_MS,
  });
}
