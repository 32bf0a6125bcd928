import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updInfoBlockBody, updInfoBlockResponse, type AccountsResponse } from '@salon/contract/accounts';
import { INFO_BLOCK_WA_BLOCKED } from '@salon/contract/constants';
import { accountsQueryKey } from '../../../shared/accounts/accounts-query';
import { api } from '../../../shared/api/api';

// POST /accounts_upd_info_block {block_name: wa_blocked}: the user has seen the block once more.
function recordWaBlockedShown() {
  return api.request({
    method: 'POST',
    path: '/accounts_upd_info_block',
    body: updInfoBlockBody.parse({ block_name: INFO_BLOCK_WA_BLOCKED }),
    schema: updInfoBlockResponse,
  });
}

export function useRecordWaBlockedShown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordWaBlockedShown,
    // Count the showing in the cached accounts too, so the modal stays closed without a reload.
    onSuccess: ({ result }) => {
      if (!result) return;
      queryClient.setQueryData<AccountsResponse>(accountsQueryKey, (old) =>
        old
          ? {
              ...old,
              accounts_data: { ...old.accounts_data, info_block_count: (old.accounts_data.info_block_count ?? 0) + 1 },
            }
          : old,
      );
    },
  });
}
