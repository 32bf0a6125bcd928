import { useMutation } from '@tanstack/react-query';
import { sendOutFormSaved, type SendOutFormBody } from '@salon/contract/onboarding';
import { api } from '../../../shared/api/api';

// POST /save_sendout_bot_form (public): the new salon's send-out account (SPEC 7).
export function saveSendOutForm(body: SendOutFormBody) {
  return api.request({ method: 'POST', path: '/save_sendout_bot_form', body, schema: sendOutFormSaved, auth: false });
}

export function useSaveSendOutForm() {
  return useMutation({ mutationFn: saveSendOutForm });
}
