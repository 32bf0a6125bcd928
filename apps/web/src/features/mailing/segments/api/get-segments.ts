import { queryOptions, useQuery } from '@tanstack/react-query';
import { segmentListResponse } from '@salon/contract/mailing-segments';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { segmentKeys } from './segment-keys';

export function segmentsQuery(accId: number | null) {
  return queryOptions({
    queryKey: segmentKeys.list(accId),
    queryFn: ({ signal }) =>
      api
        .request({ host: 'mailing', path: '/sendout_segments', schema: segmentListResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /sendout_segments: the branch's saved segments.
export function useSegments(enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...segmentsQuery(accId), enabled });
}
