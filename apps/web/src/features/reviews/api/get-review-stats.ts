import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewStatsResponse } from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsQueryOf, type ReviewStatsState } from '../review-stats-rules';
import { reviewKeys } from './review-keys';

export function reviewStatsPageQuery(accId: number | null, state: ReviewStatsState) {
  return queryOptions({
    queryKey: reviewKeys.statsPage(accId, state),
    queryFn: ({ signal }) =>
      api.request({
        method: 'POST',
        path: '/review_stats',
        // SPEC 7: the table's filters travel in the query string of the POST.
        query: statsQueryOf(state),
        schema: reviewStatsResponse,
        signal,
      }),
  });
}

// POST /review_stats: one page of rows plus the total count; the previous page stays while the next loads.
export function useReviewStats(state: ReviewStatsState) {
  const { accId } = useSession();
  return useQuery({ ...reviewStatsPageQuery(accId, state), placeholderData: keepPreviousData });
}
