import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keyPhraseActiveBody, keyPhraseSavedResponse, type KeyPhrasesResponse } from '@salon/contract/auto-responses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { serverError } from '../key-phrase-rules';
import { keyPhraseKeys } from './key-phrase-keys';

export interface SwitchKeyPhrase {
  id: number;
  active: boolean;
}

// POST /active_key_phrase {id, active}.
export function switchKeyPhrase({ id, active }: SwitchKeyPhrase) {
  return api.request({
    method: 'POST',
    path: '/active_key_phrase',
    body: keyPhraseActiveBody.parse({ id, active }),
    schema: keyPhraseSavedResponse,
  });
}

const withActive = (list: KeyPhrasesResponse, id: number, active: boolean): KeyPhrasesResponse => ({
  ...list,
  data: list.data.map((item) => (item.id === id ? { ...item, active } : item)),
});

// The switch flips at once and flips back if the server refuses.
export function useSwitchKeyPhrase() {
  const { t } = useTranslation('auto-responses');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const listKey = keyPhraseKeys.list(accId);
  return useMutation({
    mutationFn: switchKeyPhrase,
    onMutate: async ({ id, active }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<KeyPhrasesResponse>(listKey);
      if (previous) queryClient.setQueryData(listKey, withActive(previous, id, active));
      return { previous };
    },
    onError: (error, { id, active }, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, withActive(context.previous, id, !active));
      const { key } = serverError(error);
      showToast('error', t(`error.${key}`));
      if (key === 'notFound') void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData<KeyPhrasesResponse>(listKey, (list) =>
        list ? { ...list, data: list.data.map((item) => (item.id === data.id ? data : item)) } : list,
      );
      showToast('success', t(data.active ? 'toast.switchedOn' : 'toast.switchedOff'));
    },
  });
}
