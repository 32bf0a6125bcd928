import { queryOptions, useQuery } from '@tanstack/react-query';
import { blacklistResponse } from '@salon/contract/blacklist';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

export const blacklistQueryKey = (accId: number | null) => ['blacklist', accId] as const;

export function blacklistQuery(accId: number | null) {
  return queryOptions({
    queryKey: blacklistQueryKey(accId),
    queryFn: ({ signal }) => api.request({ path: '/blacklist', schema: blacklistResponse, signal }),
  });
}

// GET /blacklist: the branch's blocked numbers.
export function useBlacklist() {
  const { accId } = useSession();
  return useQuery(blacklistQuery(accId));
}
