import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListResponse } from '@salon/contract/templates';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { segmentKeys } from './segment-keys';

// The booking system's lists a segment picks from (SPEC 7 "category lists"): the same main-API
// call the template editor makes.
export type ReferenceListKind = 'staff' | 'services' | 'categories' | 'goods' | 'client_category';

export function referenceListQuery(accId: number | null, kind: ReferenceListKind) {
  return queryOptions({
    queryKey: segmentKeys.reference(accId, kind),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/template_categories', query: { category: kind }, schema: categoryListResponse, signal })
        .then((answer) => answer.data),
    // The booking system's lists change rarely; one load per visit is enough.
    staleTime: 5 * 60_000,
  });
}

// GET /template_categories?category: one list ({id, title}), loaded when a condition needs it.
export function useReferenceList(kind: ReferenceListKind, enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...referenceListQuery(accId, kind), enabled });
}
