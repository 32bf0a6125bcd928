import { AI_CHAT_STATUS } from '@salon/contract/ai-chat';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';

type ChatErrorKey =
  'ai-chat:errors.messageNotFound' | 'ai-chat:errors.notWaiting' | 'ai-chat:errors.conversationNotFound';

const CHAT_ERRORS: Record<string, ChatErrorKey> = {
  [AI_CHAT_STATUS.messageNotFound]: 'ai-chat:errors.messageNotFound',
  [AI_CHAT_STATUS.notWaiting]: 'ai-chat:errors.notWaiting',
  [AI_CHAT_STATUS.conversationNotFound]: 'ai-chat:errors.conversationNotFound',
};

// The chat's own refusals (another admin answered first, the message is gone) in the chat's
// words; everything else in the common error texts.
export function chatErrorKey(error: unknown): ChatErrorKey | `errors:${ReturnType<typeof statusMessageKey>}` {
  const own = isApiError(error) ? CHAT_ERRORS[error.status] : undefined;
  return own ?? `errors:${statusMessageKey(error)}`;
}
