import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addConsentBody, consentActionResponse, type AddConsentBody } from '@salon/contract/consents';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { consentKeys } from './consent-keys';

export type AddConsentInput = z.input<typeof addConsentBody>;

// POST /sendout_consent {phone, comment, client_text, consent}: a number added by hand.
export function addConsent(input: AddConsentInput) {
  const body: AddConsentBody = addConsentBody.parse(input);
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/sendout_consent',
    body,
    schema: consentActionResponse,
  });
}

export function useAddConsent() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: addConsent,
    // SPEC 4: the list refreshes after an add.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.lists(accId) }),
  });
}
