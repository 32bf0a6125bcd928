import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyToBranchesBody, copyToBranchesResponse } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { showToast } from '../../../shared/toast/show-toast';

export interface CopyToBranches {
  templateId: number;
  accIds: number[];
}

// POST /copy_template_to_branches {template_id, acc_ids}: answers how many branches got a copy.
export function copyTemplateToBranches({ templateId, accIds }: CopyToBranches) {
  return api.request({
    method: 'POST',
    path: '/copy_template_to_branches',
    body: copyToBranchesBody.parse({ template_id: templateId, acc_ids: accIds }),
    schema: copyToBranchesResponse,
  });
}

// The other branches' lists are not cached on this page, so nothing here needs invalidating.
export function useCopyTemplateToBranches() {
  const { t } = useTranslation('templates');
  return useMutation({
    mutationFn: copyTemplateToBranches,
    onSuccess: (answer) => showToast('success', t('toast.copiedToBranches', { count: answer.count })),
    onError: () => showToast('error', t('toast.copyError')),
  });
}
