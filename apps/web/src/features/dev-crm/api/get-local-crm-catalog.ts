import { queryOptions, useQuery } from '@tanstack/react-query';
import { localCrmCatalogResponse } from '@salon/contract/local-crm';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

export const localCrmCatalogKey = (accId: number | null) => ['dev-crm', accId, 'catalog'] as const;

export function localCrmCatalogQuery(accId: number | null) {
  return queryOptions({
    queryKey: localCrmCatalogKey(accId),
    queryFn: ({ signal }) => api.request({ path: '/crm/local/catalog', schema: localCrmCatalogResponse, signal }),
    staleTime: 60_000,
    retry: false,
  });
}

// GET /crm/local/catalog: masters, services with prices, labels and the branch's time zone.
export function useLocalCrmCatalog() {
  const { accId } = useSession();
  return useQuery(localCrmCatalogQuery(accId));
}
