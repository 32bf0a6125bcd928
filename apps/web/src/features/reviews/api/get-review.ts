import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReviewResponse, type ReviewChainWire } from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { reviewKeys } from './review-keys';

export function reviewQuery(accId: number | null, id: number) {
  return queryOptions({
    queryKey: reviewKeys.one(accId, id),
    queryFn: ({ signal }): Promise<ReviewChainWire> =>
      api
        .request({ path: '/get_review', query: { template_id: id }, schema: getReviewResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /get_review?template_id.
export function useReview(id: number) {
  const { accId } = useSession();
  return useQuery(reviewQuery(accId, id));
}
