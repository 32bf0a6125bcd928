import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyActionsResponse } from '@salon/contract/loyalty';
import { api } from '../api/api';
import { useSession } from '../session/use-session';

// The branch's invite-a-friend actions: the /invite_fiend pages manage them, the template editor
// and the mailing wizard offer them; one query and one cache entry serve all three.
export const loyaltyKeys = {
  all: (accId: number | null) => ['loyalty', accId] as const,
  list: (accId: number | null) => ['loyalty', accId, 'list'] as const,
};

export function loyaltyActionsQuery(accId: number | null) {
  return queryOptions({
    queryKey: loyaltyKeys.list(accId),
    queryFn: ({ signal }) => api.request({ path: '/loyalty/loyalty_actions', schema: loyaltyActionsResponse, signal }),
  });
}

// GET /loyalty/loyalty_actions?acc_id: the actions with their display order.
export function useLoyaltyActions(enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...loyaltyActionsQuery(accId), enabled });
}
