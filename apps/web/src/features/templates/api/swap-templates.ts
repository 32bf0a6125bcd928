import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { okSchema } from '@salon/contract/status';
import { swapTemplatesBody, type TemplateListItem } from '@salon/contract/templates';
import type { TemplateKind } from '@salon/contract/templates-rules';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { replaceKind, swapBody, type TemplateLists } from '../template-list-rules';
import { templateKeys } from './template-keys';

export interface SwapTemplates {
  kind: TemplateKind;
  order: TemplateListItem[];
}

// POST /swap_templates?templates_type {templates: ids in the new order}.
export function swapTemplates({ kind, order }: SwapTemplates) {
  return api.request({
    method: 'POST',
    path: '/swap_templates',
    query: { templates_type: kind },
    body: swapTemplatesBody.parse(swapBody(order)),
    schema: okSchema,
  });
}

// The new order shows at once and goes back if the server refuses it.
export function useSwapTemplates() {
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const listKey = templateKeys.list(accId);
  return useMutation({
    mutationFn: swapTemplates,
    onMutate: async ({ kind, order }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<TemplateLists>(listKey);
      if (previous) queryClient.setQueryData(listKey, replaceKind(previous, kind, order));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      showToast('error', t('toast.orderError'));
    },
  });
}
