import { queryOptions, useQuery } from '@tanstack/react-query';
import { localCrmRecordsResponse } from '@salon/contract/local-crm';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

// Every day of the branch: a move can take a record from one day to another.
export const localCrmRecordsKey = (accId: number | null) => ['dev-crm', accId, 'records'] as const;

export function localCrmDayQuery(accId: number | null, day: string) {
  return queryOptions({
    queryKey: [...localCrmRecordsKey(accId), day] as const,
    queryFn: ({ signal }) =>
      api.request({
        path: '/crm/local/records',
        query: { from: day, to: day },
        schema: localCrmRecordsResponse,
        signal,
      }),
    retry: false,
  });
}

// GET /crm/local/records?from&to: one day of the branch's bookings (cancelled ones too).
export function useLocalCrmDay(day: string, enabled: boolean) {
  const { accId } = useSession();
  return useQuery({ ...localCrmDayQuery(accId, day), enabled });
}
