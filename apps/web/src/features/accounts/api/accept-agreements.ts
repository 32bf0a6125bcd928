import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agreementsBody, agreementsResponse, type AccountsResponse } from '@salon/contract/accounts';
import { api } from '../../../shared/api/api';
import { accountsQueryKey } from '../../../shared/accounts/accounts-query';

// POST /agreements: the mandatory personal-data consent, with the optional advertising one.
export function acceptAgreements(optionalAgreement: boolean) {
  return api.request({
    method: 'POST',
    path: '/agreements',
    body: agreementsBody.parse({ mandatory_agreement: true, optional_agreement: optionalAgreement }),
    schema: agreementsResponse,
  });
}

export function useAcceptAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreements,
    // Only the agreements changed: patch them into the cached accounts instead of reloading the list.
    onSuccess: ({ agreements }) => {
      queryClient.setQueryData<AccountsResponse>(accountsQueryKey, (old) => (old ? { ...old, agreements } : old));
    },
  });
}
