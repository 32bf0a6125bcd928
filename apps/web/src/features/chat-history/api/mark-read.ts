import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatReadResponse } from '@salon/contract/chat-history';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { chatKeys } from './chat-keys';

// POST /chat_read: the open conversation is read; only the list's unread counts change.
export function useMarkRead() {
  const { accId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      api.request({ method: 'POST', path: '/chat_read', body: { conversationId }, schema: chatReadResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.conversations(accId) }),
  });
}
