import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusResponse, type ReviewListItem } from '@salon/contract/reviews';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { withoutChain } from '../review-list-rules';
import type { allReviewsResponse } from '@salon/contract/reviews';
import { reviewKeys } from './review-keys';

type ReviewListAnswer = z.infer<typeof allReviewsResponse>;

// DELETE /delete_review?template_id.
export function deleteChain(id: number) {
  return api.request({ method: 'DELETE', path: '/delete_review', query: { template_id: id }, schema: statusResponse });
}

// SPEC 4: after a delete the list updates locally; SPEC 8: the 'chain deleted' toast.
export function useDeleteChain() {
  const { t } = useTranslation('reviews');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: (item: Pick<ReviewListItem, 'id' | 'title'>) => deleteChain(item.id),
    onSuccess: (_answer, item) => {
      queryClient.setQueryData<ReviewListAnswer>(reviewKeys.list(accId), (list) =>
        list
          ? {
              ...list,
              data: withoutChain(list.data, item.id),
              order: list.order.filter((id) => id !== item.id),
              count: Math.max(0, list.count - 1),
            }
          : list,
      );
      queryClient.removeQueries({ queryKey: reviewKeys.one(accId, item.id) });
      showToast('success', t('toast.deleted', { title: item.title }));
    },
    onError: () => showToast('error', t('toast.deleteError')),
  });
}
