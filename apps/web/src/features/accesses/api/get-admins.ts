import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminList } from '@salon/contract/accesses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

export const adminsQueryKey = (accId: number | null) => ['accesses', accId] as const;

export function adminsQuery(accId: number | null) {
  return queryOptions({
    queryKey: adminsQueryKey(accId),
    queryFn: ({ signal }) => api.request({ path: '/accesses', schema: adminList, signal }),
  });
}

// GET /accesses: the branch's admins (a bare array).
export function useAdmins() {
  const { accId } = useSession();
  return useQuery(adminsQuery(accId));
}
