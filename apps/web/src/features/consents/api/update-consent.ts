import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentActionResponse, updateConsentBody, type ConsentPatchWire } from '@salon/contract/consents';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { consentKeys } from './consent-keys';

// PATCH /sendout_consent {actions, request}: only the changes made (buildConsentPatch).
export function updateConsent(patch: ConsentPatchWire) {
  return api.request({
    host: 'mailing',
    method: 'PATCH',
    path: '/sendout_consent',
    body: updateConsentBody.parse(patch),
    schema: consentActionResponse,
  });
}

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: updateConsent,
    // SPEC 4: the list refreshes after a change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.lists(accId) }),
  });
}
