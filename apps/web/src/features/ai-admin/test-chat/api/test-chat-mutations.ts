import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatStatePost,
  chatStatus,
  messageAction,
  testChatMessages,
  testChatPost,
  type TestChatMessages,
  type TestChatPost,
} from '@salon/contract/ai-chat';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { testChatKeys } from './test-chat-keys';

const PATH = '/api/v1/test_chat';

// POST …/test_chat/message: the pretend client (or the salon) writes; answers the whole chat.
export function postTestMessage(body: TestChatPost) {
  return api.request({
    host: 'ai',
    method: 'POST',
    path: `${PATH}/message`,
    body: testChatPost.parse(body),
    schema: testChatMessages,
  });
}

export interface SuggestionAction {
  messageId: number;
  action: 'send' | 'delete';
  // An edited text sent instead of the suggestion.
  text?: string;
}

// PATCH …/test_chat/message {message_id, action_type, text?}: the admin's answer to a suggestion.
export function patchTestMessage({ messageId, action, text }: SuggestionAction) {
  const body = messageAction.parse({
    message_id: messageId,
    action_type: action,
    ...(text !== undefined ? { text } : {}),
  });
  return api.request({ host: 'ai', method: 'PATCH', path: `${PATH}/message`, body, schema: testChatMessages });
}

// DELETE …/test_chat/: every message goes (SPEC 4 "deleting the chat clears all messages").
export function clearTestChat() {
  return api.request({ host: 'ai', method: 'DELETE', path: `${PATH}/`, schema: testChatMessages });
}

// POST …/test_chat/state: let the bot answer again after a lock.
export function postTestState(state: 'active' | 'locked_by_admin') {
  return api.request({
    host: 'ai',
    method: 'POST',
    path: `${PATH}/state`,
    body: chatStatePost.parse({ state }),
    schema: chatStatus,
  });
}

// Every call answers the chat (or its state): the cache takes it instead of asking again.
function useStoreChat() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return (chat: TestChatMessages) => queryClient.setQueryData(testChatKeys.messages(accId), chat);
}

export function usePostTestMessage() {
  const store = useStoreChat();
  return useMutation({ mutationFn: postTestMessage, onSuccess: store });
}

export function usePatchTestMessage() {
  const store = useStoreChat();
  return useMutation({ mutationFn: patchTestMessage, onSuccess: store });
}

export function useClearTestChat() {
  const store = useStoreChat();
  return useMutation({ mutationFn: clearTestChat, onSuccess: store });
}

export function usePostTestState() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: postTestState,
    onSuccess: (status) =>
      queryClient.setQueryData<TestChatMessages>(testChatKeys.messages(accId), (chat) =>
        chat ? { ...chat, status } : chat,
      ),
  });
}
