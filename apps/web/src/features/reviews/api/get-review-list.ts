import { queryOptions, useQuery } from '@tanstack/react-query';
import { allReviewsResponse } from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { reviewKeys } from './review-keys';

export function reviewListQuery(accId: number | null) {
  return queryOptions({
    queryKey: reviewKeys.list(accId),
    queryFn: ({ signal }) => api.request({ path: '/all_reviews', schema: allReviewsResponse, signal }),
  });
}

// GET /all_reviews: the chains with their order and the branch-wide review settings.
export function useReviewList(enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...reviewListQuery(accId), enabled });
}
