import { useMutation } from '@tanstack/react-query';
import { tgCodeBody, tgPasswordBody, tgPhoneBody, tgStepResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';

export type TelegramLoginStep =
  { step: 'phone'; phone: string } | { step: 'code'; code: string } | { step: 'password'; password: string };

function request(step: TelegramLoginStep) {
  switch (step.step) {
    case 'phone':
      return { path: '/connection/tg/send_phone', body: tgPhoneBody.parse({ phone: step.phone }) };
    case 'code':
      return { path: '/connection/tg/auth_code', body: tgCodeBody.parse({ code: step.code }) };
    case 'password':
      return { path: '/connection/tg/auth_2fa', body: tgPasswordBody.parse({ password: step.password }) };
  }
}

// POST /connection/tg/send_phone {phone}, /connection/tg/auth_code {code}, /connection/tg/auth_2fa {password}.
export function sendTelegramLoginStep(step: TelegramLoginStep) {
  const { path, body } = request(step);
  return api.request({ method: 'POST', path, body, schema: tgStepResponse });
}

export function useSendTelegramLoginStep() {
  return useMutation({ mutationFn: sendTelegramLoginStep });
}
