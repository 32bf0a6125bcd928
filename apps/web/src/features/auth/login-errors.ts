import { STATUS } from '@salon/contract/status-text';
import { isApiError } from '../../shared/api/api-error';
import { statusMessageKey, type StatusMessageKey } from '../../shared/api/error-message';

export type LoginErrorMessage =
  { key: StatusMessageKey | 'status.invalidTelegramId' | 'status.pinHeldAskBot' } | { key: 'status.wrongPinTries'; count: number };

// The server may put the tries left in `detail`, as a number in a string.
function triesLeft(detail: string | undefined): number | null {
  const match = detail?.match(/\d+/);
  return match ? Number(match[0]) : null;
}

// Messages of the two login steps: a 400 on the PIN request means the id was rejected.
export function loginErrorMessage(error: unknown, step: 'telegramId' | 'pin'): LoginErrorMessage {
  if (isApiError(error)) {
    if (error.status === STATUS.badRequest && step === 'telegramId') return { key: 'status.invalidTelegramId' };
    // PIN requests for one id are held back for a minute; the bot's /pin answers its owner at once.
    if (error.httpStatus === 429 && step === 'telegramId') return { key: 'status.pinHeldAskBot' };
    if (error.status === STATUS.wrongPin) {
      const count = triesLeft(error.detail);
      if (count !== null) return { key: 'status.wrongPinTries', count };
    }
  }
  return { key: statusMessageKey(error) };
}
