import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loyaltyDeletedResponse, type LoyaltyActionsResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { idFromStatus } from '../loyalty-action-rules';
import { withoutAction } from '../loyalty-list-rules';
import { loyaltyActionKeys } from './loyalty-action-keys';

// DELETE /loyalty/loyalty_action/:id.
export function deleteLoyaltyAction(id: number) {
  return api.request({ method: 'DELETE', path: `/loyalty/loyalty_action/${id}`, schema: loyaltyDeletedResponse });
}

// SPEC 4: the item and its order entry leave the list; SPEC 8: the toast names the id.
export function useDeleteLoyaltyAction() {
  const { t } = useTranslation(['invite-friends', 'errors']);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteLoyaltyAction(id),
    onSuccess: (answer, id) => {
      queryClient.setQueryData<LoyaltyActionsResponse>(loyaltyActionKeys.list(accId), (list) =>
        list ? withoutAction(list, id) : list,
      );
      queryClient.removeQueries({ queryKey: loyaltyActionKeys.one(accId, id) });
      void queryClient.invalidateQueries({ queryKey: loyaltyActionKeys.stats(accId) });
      // Templates stop offering a deleted action (['templates', accId], templates/api/template-keys.ts).
      void queryClient.invalidateQueries({ queryKey: ['templates', accId] });
      showToast('success', t('invite-friends:toast.deleted', { id: idFromStatus(answer.status) ?? id }));
    },
    onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
  });
}
