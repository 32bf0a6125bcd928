import { allows } from '@salon/contract/rights';
import type { AdminBotButtonHandler } from '../../../platform/files/admin-bot-files.js';
import { DomainError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { AGENT_WRITE_GUARD } from '../service.js';
import { parseButton } from './alerts.js';
import type { LiveConversations } from './live.js';
import type { ConversationsRepository } from './repository.js';

// The Send / Delete buttons under a suggestion in the admin bot. Whoever presses must be an active
// member of the suggestion's branch allowed to write the agent (in a group chat anyone can press).
export function adminBotButtonHandler(d: {
  repo: ConversationsRepository;
  live: LiveConversations;
  logger: Logger;
}): AdminBotButtonHandler {
  return async ({ fromId, data }) => {
    const button = parseButton(data);
    if (!button) return 'Неизвестная кнопка';
    const message = await d.repo.messageById(button.messageId);
    const rights = message && (await d.repo.memberRights(message.accId, fromId));
    if (!message || !rights || !allows(rights, AGENT_WRITE_GUARD)) return 'Нет прав на это действие';
    try {
      if (button.action === 'send') {
        await d.live.sendSuggestion(message.accId, message.id);
        return 'Ответ отправлен клиенту';
      }
      await d.live.deleteSuggestion(message.accId, message.id);
      return 'Ответ удалён';
    } catch (err) {
      if (err instanceof DomainError && (err.kind === 'conflict' || err.kind === 'not_found')) {
        return 'Этот ответ уже обработан';
      }
      d.logger.error({ err, messageId: message.id }, 'AI admin button failed');
      return 'Не получилось, попробуйте в кабинете';
    }
  };
}
