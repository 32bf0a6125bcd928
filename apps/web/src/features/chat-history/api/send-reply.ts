import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatReplyResponse } from '@salon/contract/chat-history';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { chatKeys } from './chat-keys';

export interface ReplyInput {
  conversationId: number;
  text: string;
  file: File | null;
  // One per reply the user sends: a retried request is the same message, never a second one.
  requestId: string;
}

// POST /chat_reply (multipart): the salon answers on the client's channel.
export function sendReply(input: ReplyInput) {
  const form = new FormData();
  form.append('conversationId', String(input.conversationId));
  form.append('text', input.text);
  form.append('requestId', input.requestId);
  if (input.file) form.append('file', input.file, input.file.name);
  return api.request({ method: 'POST', path: '/chat_reply', body: form, schema: chatReplyResponse });
}

export function useSendReply() {
  const { accId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: (_answer, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: chatKeys.thread(accId, input.conversationId) }),
        client.invalidateQueries({ queryKey: chatKeys.conversations(accId) }),
      ]),
  });
}
