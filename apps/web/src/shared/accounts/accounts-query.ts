import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsResponse, type AccountsResponse } from '@salon/contract/accounts';
import { ACCOUNTS_REFRESH_MS, INFO_BLOCK_WA_BLOCKED, TOKEN_RETRIES_ACCOUNTS } from '@salon/contract/constants';
import { api } from '../api/api';
import { useSession } from '../session/use-session';
import { toAccountsState } from './accounts-state';

import { accountsQueryKey } from './accounts-keys';

export { accountsQueryKey };

export const accountsQuery = queryOptions({
  queryKey: accountsQueryKey,
  queryFn: ({ signal }): Promise<AccountsResponse> =>
    api.request({
      path: '/accounts',
      query: { check_status: 1, check_info_block: 1, block_name: INFO_BLOCK_WA_BLOCKED },
      schema: accountsResponse,
      // SPEC 4: the accounts load is the one call that may refresh the token three times.
      retries: TOKEN_RETRIES_ACCOUNTS,
      signal,
    }),
  select: toAccountsState,
});

// GET /accounts, refreshed every 30 minutes while a branch is selected (SPEC 4).
export function useAccounts() {
  const { authenticated, accId } = useSession();
  return useQuery({
    ...accountsQuery,
    enabled: authenticated,
    refetchInterval: accId !== null ? ACCOUNTS_REFRESH_MS : false,
  });
}
