import { useMutation } from '@tanstack/react-query';
import type { PinRequestBody } from '@salon/contract/auth';
import { api } from '../../../shared/api/api';
import { lazyOkSchema } from '../../../shared/api/lazy-ok-schema';

// POST /tg/auth: the admin bot (or, on a local install, the server log) gets a fresh PIN.
// The form has checked the id with isValidTelegramId; the server validates it again.
export function requestPin(telegramId: string) {
  const body: PinRequestBody = { user_id: telegramId };
  return api.request({ method: 'POST', path: '/tg/auth', body, schema: lazyOkSchema, auth: false });
}

export function useRequestPin() {
  return useMutation({ mutationFn: requestPin });
}
