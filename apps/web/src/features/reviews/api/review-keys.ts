import type { ReviewStatsState } from '../review-stats-rules';

// Every reviews query of a branch sits under ['reviews', accId]; mutations touch only what they change.
export const reviewKeys = {
  all: (accId: number | null) => ['reviews', accId] as const,
  list: (accId: number | null) => ['reviews', accId, 'list'] as const,
  one: (accId: number | null, id: number) => ['reviews', accId, 'one', id] as const,
  stats: (accId: number | null) => ['reviews', accId, 'stats'] as const,
  statsPage: (accId: number | null, state: ReviewStatsState) => ['reviews', accId, 'stats', state] as const,
};
