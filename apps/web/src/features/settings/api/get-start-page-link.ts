import { queryOptions, useQuery } from '@tanstack/react-query';
import { startPageLink } from '@salon/contract/start-page';
import { api } from '../../../shared/api/api';

// GET /start_page/link: the branch's booking start page address, to paste into the booking form.
export function startPageLinkQuery(accId: number | null) {
  return queryOptions({
    queryKey: ['settings', 'start_page_link', accId] as const,
    queryFn: ({ signal }) =>
      api.request({ path: '/start_page/link', schema: startPageLink, signal }).then((a) => a.data),
    // The link never changes for a branch.
    staleTime: Infinity,
  });
}

export function useStartPageLink(accId: number | null) {
  return useQuery(startPageLinkQuery(accId));
}
