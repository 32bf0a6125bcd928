import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusResponse } from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { reviewKeys } from './review-keys';

export interface DeleteStep {
  chainId: number;
  stepNumber: number;
}

// DELETE /review_step_delete?template_id&step_number (a middle step, 2..4, of a saved chain).
export function deleteStep({ chainId, stepNumber }: DeleteStep) {
  return api.request({
    method: 'DELETE',
    path: '/review_step_delete',
    query: { template_id: chainId, step_number: stepNumber },
    schema: statusResponse,
  });
}

// SPEC 8: 'step deleted' names the step. The list shows step counts, so it is refreshed.
export function useDeleteStep() {
  const { t } = useTranslation('reviews');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: deleteStep,
    onSuccess: (_answer, { chainId, stepNumber }) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.list(accId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.one(accId, chainId) });
      showToast('success', t('toast.stepDeleted', { step: stepNumber }));
    },
    onError: () => showToast('error', t('toast.stepDeleteError')),
  });
}
