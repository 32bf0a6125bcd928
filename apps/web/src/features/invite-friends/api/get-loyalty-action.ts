import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyActionResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { loyaltyActionKeys } from './loyalty-action-keys';

export function loyaltyActionQuery(accId: number | null, id: number) {
  return queryOptions({
    queryKey: loyaltyActionKeys.one(accId, id),
    queryFn: ({ signal }) =>
      api.request({ path: `/loyalty/loyalty_action/${id}`, schema: loyaltyActionResponse, signal }),
  });
}

// GET /loyalty/loyalty_action/:id: the action and the templates that offer it.
export function useLoyaltyAction(id: number) {
  const { accId } = useSession();
  return useQuery(loyaltyActionQuery(accId, id));
}
