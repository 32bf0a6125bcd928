import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  KEY_PHRASE_MEDIA_FIELD,
  keyPhraseSavedResponse,
  type KeyPhrasesResponse,
} from '@salon/contract/auto-responses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { saveFields, serverError, type KeyPhraseDraft } from '../key-phrase-rules';
import { keyPhraseKeys } from './key-phrase-keys';

// POST /add_key_phrase or /update_key_phrase (multipart): the text fields, and a new file as the
// part `media` (a file reply without one keeps its stored file).
export function saveKeyPhrase(draft: KeyPhraseDraft) {
  const form = new FormData();
  for (const [name, value] of Object.entries(saveFields(draft))) form.append(name, value);
  if (draft.type === 'file' && draft.file) form.append(KEY_PHRASE_MEDIA_FIELD, draft.file, draft.file.name);
  return api.request({
    method: 'POST',
    path: draft.id === null ? '/add_key_phrase' : '/update_key_phrase',
    body: form,
    schema: keyPhraseSavedResponse,
  });
}

// The saved phrase replaces its old self in the list (or joins it): no refetch of the rest.
export function useSaveKeyPhrase() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: saveKeyPhrase,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<KeyPhrasesResponse>(keyPhraseKeys.list(accId), (list) => {
        if (!list) return list;
        const known = list.data.some((item) => item.id === data.id);
        const next = known ? list.data.map((item) => (item.id === data.id ? data : item)) : [...list.data, data];
        return { ...list, data: next, count: next.length };
      });
    },
    // Deleted elsewhere: the list is read again, so the phrase's card goes.
    onError: (error) => {
      if (serverError(error).key === 'notFound')
        void queryClient.invalidateQueries({ queryKey: keyPhraseKeys.list(accId) });
    },
  });
}
