import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registryConsentBody, type ConnectionResponse } from '@salon/contract/connection';
import { okSchema } from '@salon/contract/status';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { connectionQueryKey } from './get-connection';

// POST /connection/registry_consent {accepted: true}: the owner accepts the registry's rules.
export function acceptRegistryConsent() {
  return api.request({
    method: 'POST',
    path: '/connection/registry_consent',
    body: registryConsentBody.parse({ accepted: true }),
    schema: okSchema,
  });
}

export function useAcceptRegistryConsent() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: acceptRegistryConsent,
    // Only the flag changed: patch it instead of reloading both channels.
    onSuccess: () => {
      queryClient.setQueryData<ConnectionResponse>(connectionQueryKey(accId), (old) =>
        old ? { ...old, registry_consent: true } : old,
      );
    },
  });
}
