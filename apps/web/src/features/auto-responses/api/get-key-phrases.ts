import { queryOptions, useQuery } from '@tanstack/react-query';
import { keyPhrasesResponse } from '@salon/contract/auto-responses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { keyPhraseKeys } from './key-phrase-keys';

export function keyPhrasesQuery(accId: number | null) {
  return queryOptions({
    queryKey: keyPhraseKeys.list(accId),
    queryFn: ({ signal }) => api.request({ path: '/get_key_phrases', schema: keyPhrasesResponse, signal }),
  });
}

// GET /get_key_phrases: the branch's key phrases.
export function useKeyPhrases() {
  const { accId } = useSession();
  return useQuery(keyPhrasesQuery(accId));
}
