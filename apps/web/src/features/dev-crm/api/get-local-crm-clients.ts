import { queryOptions, useQuery } from '@tanstack/react-query';
import { localCrmClientsResponse } from '@salon/contract/local-crm';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

// The client picker searches in the browser: a demo salon has a few dozen clients.
export const LOCAL_CRM_CLIENTS_LIMIT = 500;
export const localCrmClientsKey = (accId: number | null) => ['dev-crm', accId, 'clients'] as const;

export function localCrmClientsQuery(accId: number | null) {
  return queryOptions({
    queryKey: localCrmClientsKey(accId),
    queryFn: ({ signal }) =>
      api.request({
        path: '/crm/local/clients',
        query: { limit: LOCAL_CRM_CLIENTS_LIMIT },
        schema: localCrmClientsResponse,
        signal,
      }),
  });
}

// GET /crm/local/clients: the branch's clients, regulars first.
export function useLocalCrmClients(enabled: boolean) {
  const { accId } = useSession();
  return useQuery({ ...localCrmClientsQuery(accId), enabled });
}
