import { queryOptions, useQuery } from '@tanstack/react-query';
import { AI_FILES_FETCH_LIMIT, filesResponse } from '@salon/contract/ai-files';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { knowledgeKeys } from './knowledge-keys';

export function filesQuery(accId: number | null) {
  return queryOptions({
    queryKey: knowledgeKeys.files(accId),
    // SPEC 5: asked with limit 10000, shown up to 500 (knowledge-rules visibleFiles).
    queryFn: ({ signal }) =>
      api.request({
        host: 'ai',
        path: '/api/v1/files/',
        query: { account_id: accId, origin: 'lk', backend: 'main', limit: AI_FILES_FETCH_LIMIT, skip: 0 },
        schema: filesResponse,
        signal,
      }),
    // The settings save marks files applied: coming back from /ai_admin_settings reads them anew.
    staleTime: 0,
  });
}

// GET /api/ai/api/v1/files/?acc_id&account_id&origin&backend&limit&skip: the branch's knowledge files.
export function useFiles() {
  const { accId } = useSession();
  return useQuery(filesQuery(accId));
}
