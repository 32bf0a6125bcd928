import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { okSchema } from '@salon/contract/status';
import { templateIdBody, type TemplateListItem } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { numericId, withoutItem, type TemplateLists } from '../template-list-rules';
import { templateKeys } from './template-keys';

// POST /delete_template {template_id}.
export function deleteTemplate(item: TemplateListItem) {
  return api.request({
    method: 'POST',
    path: '/delete_template',
    body: templateIdBody.parse({ template_id: numericId(item.id) }),
    schema: okSchema,
  });
}

export function useDeleteTemplate() {
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_answer, item) => {
      queryClient.setQueryData<TemplateLists>(
        templateKeys.list(accId),
        (lists) => lists && withoutItem(lists, item.id),
      );
      queryClient.removeQueries({ queryKey: templateKeys.one(accId, numericId(item.id)) });
      showToast('success', t('toast.deleted', { title: item.title }));
    },
    onError: () => showToast('error', t('toast.deleteError')),
  });
}
