import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyTemplateBody, copyTemplateResponse, type TemplateListItem } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { numericId } from '../template-list-rules';
import { templateKeys } from './template-keys';

// POST /copy_template {template_id}: the copy is inactive and titled with the copy tag (SPEC 4).
export function copyTemplate(item: TemplateListItem, lang: string) {
  return api.request({
    method: 'POST',
    path: '/copy_template',
    body: copyTemplateBody.parse({ template_id: numericId(item.id), lang: lang === 'en' ? 'en' : 'ru' }),
    schema: copyTemplateResponse,
  });
}

export function useCopyTemplate() {
  const { t, i18n } = useTranslation('templates');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: (item: TemplateListItem) => copyTemplate(item, i18n.language),
    onSuccess: (_answer, item) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.list(accId) });
      showToast('success', t('toast.copied', { title: item.title }));
    },
    onError: () => showToast('error', t('toast.copyError')),
  });
}
