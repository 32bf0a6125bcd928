import { queryOptions, useQuery } from '@tanstack/react-query';
import { headerBannerResponse } from '@salon/contract/accounts';
import { api } from '../../../shared/api/api';

export const headerBannerQuery = queryOptions({
  queryKey: ['header-banner'],
  queryFn: ({ signal }) => api.request({ path: '/header_banner', schema: headerBannerResponse, signal }),
  staleTime: 10 * 60_000,
});

// GET /header_banner: the info line above every page.
export function useHeaderBanner() {
  return useQuery(headerBannerQuery);
}
