import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyLoyaltyBody, loyaltyCopyResponse, type LoyaltyActionsResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { withAppended } from '../loyalty-list-rules';
import { loyaltyActionKeys } from './loyalty-action-keys';

export interface CopyAction {
  id: number;
  accIds: number[];
}

// POST /loyalty/copy_loyalty_action_to_branches?loyalty_action_id [acc ids]; the answer holds the
// copy made in the calling branch, if it was one of them.
export function copyLoyaltyAction({ id, accIds }: CopyAction) {
  return api.request({
    method: 'POST',
    path: '/loyalty/copy_loyalty_action_to_branches',
    query: { loyalty_action_id: id },
    body: copyLoyaltyBody.parse(accIds),
    schema: loyaltyCopyResponse,
  });
}

// Duplicate = a copy into this branch: SPEC 4 appends it to the list; SPEC 8 its success toast.
export function useDuplicateLoyaltyAction() {
  const { t } = useTranslation(['invite-friends', 'errors']);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: (id: number) => copyLoyaltyAction({ id, accIds: accId === null ? [] : [accId] }),
    onSuccess: (copies) => {
      const key = loyaltyActionKeys.list(accId);
      if (copies.length > 0)
        queryClient.setQueryData<LoyaltyActionsResponse>(key, (list) => (list ? withAppended(list, copies) : list));
      else void queryClient.invalidateQueries({ queryKey: key });
      showToast('success', t('invite-friends:toast.duplicated'));
    },
    onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
  });
}

// Copies into other branches; their lists are not cached here, so nothing needs refreshing.
export function useCopyLoyaltyActionToBranches() {
  const { t } = useTranslation(['invite-friends', 'errors']);
  return useMutation({
    mutationFn: copyLoyaltyAction,
    onSuccess: (_copies, { accIds }) =>
      showToast('success', t('invite-friends:toast.copied', { count: accIds.length })),
    onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
  });
}
