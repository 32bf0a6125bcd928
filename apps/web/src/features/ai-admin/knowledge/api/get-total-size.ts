import { queryOptions, useQuery } from '@tanstack/react-query';
import { totalSizeResponse } from '@salon/contract/ai-files';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { knowledgeKeys } from './knowledge-keys';

export function totalSizeQuery(accId: number | null) {
  return queryOptions({
    queryKey: knowledgeKeys.totalSize(accId),
    queryFn: ({ signal }) =>
      api.request({
        host: 'ai',
        path: '/api/v1/files/total_size',
        query: { account_id: accId },
        schema: totalSizeResponse,
        signal,
      }),
    staleTime: 0,
  });
}

// GET /api/ai/api/v1/files/total_size?acc_id&account_id: how much of the branch's limit the files take.
export function useTotalSize() {
  const { accId } = useSession();
  return useQuery(totalSizeQuery(accId));
}
