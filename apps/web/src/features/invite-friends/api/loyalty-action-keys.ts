import { loyaltyKeys } from '../../../shared/loyalty/loyalty-actions-query';
import type { LoyaltyStatsState } from '../loyalty-stats-rules';

// Every invite-friends query of a branch sits under ['loyalty', accId]; the list key is shared with
// the template editor's and the mailing wizard's pickers.
export const loyaltyActionKeys = {
  ...loyaltyKeys,
  one: (accId: number | null, id: number) => ['loyalty', accId, 'one', id] as const,
  cards: (accId: number | null) => ['loyalty', accId, 'cards'] as const,
  minCost: (accId: number | null) => ['loyalty', accId, 'min-cost'] as const,
  stats: (accId: number | null) => ['loyalty', accId, 'stats'] as const,
  statsOf: (accId: number | null, state: LoyaltyStatsState) => ['loyalty', accId, 'stats', state] as const,
};
