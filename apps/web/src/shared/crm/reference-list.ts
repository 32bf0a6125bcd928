import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceListResponse, type ReferenceListKind } from '@salon/contract/reference-lists';
import { api } from '../api/api';
import { useSession } from '../session/use-session';

// The booking system's reference lists (services, staff, goods, client categories …), read by the
// template filters and the segment conditions alike: one query and one cache entry per list.
export const referenceListKeys = {
  all: (accId: number | null) => ['reference-lists', accId] as const,
  one: (accId: number | null, kind: ReferenceListKind) => ['reference-lists', accId, kind] as const,
};

export function referenceListQuery(accId: number | null, kind: ReferenceListKind) {
  return queryOptions({
    queryKey: referenceListKeys.one(accId, kind),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/template_categories', query: { category: kind }, schema: referenceListResponse, signal })
        .then((answer) => answer.data),
    // The booking system's lists change rarely; one load per visit is enough.
    staleTime: 5 * 60_000,
  });
}

// GET /template_categories?category: one list ({id, title}), loaded when a screen needs it.
export function useReferenceList(kind: ReferenceListKind, enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...referenceListQuery(accId, kind), enabled });
}
