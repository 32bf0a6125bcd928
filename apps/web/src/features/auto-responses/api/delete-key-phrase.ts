import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keyPhraseDeletedResponse, keyPhraseIdBody, type KeyPhrasesResponse } from '@salon/contract/auto-responses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { serverError } from '../key-phrase-rules';
import { keyPhraseKeys } from './key-phrase-keys';

// POST /delete_key_phrase {id}.
export function deleteKeyPhrase(id: number) {
  return api.request({
    method: 'POST',
    path: '/delete_key_phrase',
    body: keyPhraseIdBody.parse({ id }),
    schema: keyPhraseDeletedResponse,
  });
}

// SPEC 8: the auto-response deleted toast; the list updates locally.
export function useDeleteKeyPhrase() {
  const { t } = useTranslation('auto-responses');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: deleteKeyPhrase,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<KeyPhrasesResponse>(keyPhraseKeys.list(accId), (list) => {
        if (!list) return list;
        const next = list.data.filter((item) => item.id !== id);
        return { ...list, data: next, count: next.length };
      });
      showToast('success', t('toast.deleted'));
    },
    onError: (error) => {
      const { key } = serverError(error);
      showToast('error', key === 'common' ? t('toast.deleteError') : t(`error.${key}`));
      if (key === 'notFound') void queryClient.invalidateQueries({ queryKey: keyPhraseKeys.list(accId) });
    },
  });
}
