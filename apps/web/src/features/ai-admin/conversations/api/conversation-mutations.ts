import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationWire, messageAction, takeoverBody, type TakeoverState } from '@salon/contract/ai-chat';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { conversationKeys } from './conversation-keys';

export interface Takeover {
  phone: string;
  state: TakeoverState;
  minutes?: number;
}

// POST …/conversations/takeover {phone, state, minutes?}: who answers this client from now on.
export function postTakeover({ phone, state, minutes }: Takeover) {
  const body = takeoverBody.parse({ phone, state, ...(minutes !== undefined ? { minutes } : {}) });
  return api.request({
    host: 'ai',
    method: 'POST',
    path: '/api/v1/conversations/takeover',
    body,
    schema: conversationWire,
  });
}

export interface Recommendation {
  phone: string;
  messageId: number;
  action: 'send' | 'delete';
  text?: string;
}

// PATCH …/conversations/recommendation {message_id, action_type, text?}: the admin's answer to a suggestion.
export function patchRecommendation({ messageId, action, text }: Recommendation) {
  const body = messageAction.parse({
    message_id: messageId,
    action_type: action,
    ...(text !== undefined ? { text } : {}),
  });
  return api.request({
    host: 'ai',
    method: 'PATCH',
    path: '/api/v1/conversations/recommendation',
    body,
    schema: conversationWire,
  });
}

// A change to one conversation refreshes it and the lists (its badge and the waiting filter).
function useRefreshConversation() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return (phone: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversationKeys.one(accId, phone) }),
      queryClient.invalidateQueries({ queryKey: [...conversationKeys.all(accId), 'list'] }),
    ]);
}

export function useTakeover() {
  const refresh = useRefreshConversation();
  return useMutation({ mutationFn: postTakeover, onSuccess: (_, vars) => refresh(vars.phone) });
}

export function useRecommendationAction() {
  const refresh = useRefreshConversation();
  return useMutation({ mutationFn: patchRecommendation, onSuccess: (_, vars) => refresh(vars.phone) });
}
