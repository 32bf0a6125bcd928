import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSENT_PAGE_SIZE, consentListResponse } from '@salon/contract/consents';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { consentKeys, type ConsentListParams } from './consent-keys';

export function consentListQuery(accId: number | null, params: ConsentListParams) {
  return queryOptions({
    queryKey: consentKeys.list(accId, params),
    queryFn: ({ signal }) =>
      api.request({
        host: 'mailing',
        path: '/sendout_consents',
        query: {
          page: params.page,
          page_size: CONSENT_PAGE_SIZE,
          search: params.search || undefined,
          status: params.filter === 'all' ? undefined : params.filter,
        },
        schema: consentListResponse,
        signal,
      }),
    // The previous page stays on screen while the next one loads, never another branch's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accId ? previous : undefined),
  });
}

// GET /sendout_consents: one page of the branch's consent list (SPEC 9: 50 rows).
export function useConsents(params: ConsentListParams) {
  const { accId } = useSession();
  return useQuery(consentListQuery(accId, params));
}
