import { queryOptions, useQuery } from '@tanstack/react-query';
import { startPageInfo } from '@salon/contract/start-page';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { startPageKeys } from './start-page-keys';

export function startPageInfoQuery(branchId: string, formHash: string) {
  return queryOptions({
    queryKey: startPageKeys.info(branchId, formHash),
    queryFn: ({ signal }) =>
      api.request({ path: '/start_page', query: { branchId, formHash }, schema: startPageInfo, auth: false, signal }),
    // An unknown link is an answer, not a fault to retry.
    retry: (count, error) => !isUnknownLink(error) && count < 2,
    staleTime: 5 * 60_000,
  });
}

// GET /start_page (public): the salon behind the link, or 404 for a link we did not make.
export function useStartPageInfo(branchId: string, formHash: string) {
  return useQuery(startPageInfoQuery(branchId, formHash));
}

export function isUnknownLink(error: unknown): boolean {
  return isApiError(error) && error.httpStatus === 404;
}
