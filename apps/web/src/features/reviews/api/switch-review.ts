import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reviewSwitchBody, type allReviewsResponse, type ReviewListItem } from '@salon/contract/reviews';
import { okSchema } from '@salon/contract/status';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { setChainActive } from '../review-list-rules';
import { reviewKeys } from './review-keys';

type ReviewListAnswer = z.infer<typeof allReviewsResponse>;

export interface SwitchChain {
  item: ReviewListItem;
  state: boolean;
}

// POST /review_switch {template_id, switch}.
export function switchChain({ item, state }: SwitchChain) {
  return api.request({
    method: 'POST',
    path: '/review_switch',
    body: reviewSwitchBody.parse({ template_id: item.id, switch: state }),
    schema: okSchema,
  });
}

// The switch flips at once (middle steps follow it off, SPEC 4) and flips back if the server refuses.
export function useSwitchChain() {
  const { t } = useTranslation('reviews');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const listKey = reviewKeys.list(accId);
  return useMutation({
    mutationFn: switchChain,
    onMutate: async ({ item, state }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<ReviewListAnswer>(listKey);
      if (previous)
        queryClient.setQueryData(listKey, { ...previous, data: setChainActive(previous.data, item.id, state) });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      showToast('error', t('toast.switchError'));
    },
    onSuccess: (_answer, { item, state }) => {
      showToast('success', t(state ? 'toast.switchedOn' : 'toast.switchedOff', { title: item.title }));
      void queryClient.invalidateQueries({ queryKey: reviewKeys.one(accId, item.id) });
    },
  });
}
