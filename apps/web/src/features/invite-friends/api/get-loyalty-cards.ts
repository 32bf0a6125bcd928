import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyCardsResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import type { CardsState } from '../loyalty-action-rules';
import { loyaltyActionKeys } from './loyalty-action-keys';

export function loyaltyCardsQuery(accId: number | null) {
  return queryOptions({
    queryKey: loyaltyActionKeys.cards(accId),
    queryFn: ({ signal }) => api.request({ path: '/loyalty/loyalty_cards', schema: loyaltyCardsResponse, signal }),
    // The CRM's card types change rarely; one load per visit is enough.
    staleTime: 5 * 60_000,
  });
}

// GET /loyalty/loyalty_cards: the CRM's loyalty card types. An answer with ok:false (the CRM did
// not answer) reaches here as a failed query, as does any other failure: both block activation.
export function useLoyaltyCards() {
  const { accId } = useSession();
  const query = useQuery(loyaltyCardsQuery(accId));
  const state: CardsState = query.isPending ? 'loading' : query.isError || !query.data.ok ? 'failed' : 'ok';
  return { query, state, cards: query.data?.ok ? query.data.data : [] };
}
