import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendStatsToTelegramResponse, TEMPLATE_STATUS } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { downloadFile } from '../../../shared/api/download-file';
import { showToast } from '../../../shared/toast/show-toast';

// GET /template_detail_stats_excel?templ_id: the per-client table as an xlsx file.
export function downloadTemplateDetailExcel(id: number) {
  return downloadFile({
    path: '/template_detail_stats_excel',
    query: { templ_id: id },
    fallbackName: `template-${id}-stats.xlsx`,
  });
}

// POST /template_detail_stats_tg?templ_id: the same file delivered by the admin bot.
export function sendTemplateDetailToTelegram(id: number) {
  return api.request({
    method: 'POST',
    path: '/template_detail_stats_tg',
    query: { templ_id: id },
    schema: sendStatsToTelegramResponse,
  });
}

export function useDownloadTemplateDetailExcel() {
  const { t } = useTranslation('templates');
  return useMutation({
    mutationFn: downloadTemplateDetailExcel,
    onError: () => showToast('error', t('toast.downloadError')),
  });
}

export function useSendTemplateDetailToTelegram() {
  const { t } = useTranslation('templates');
  return useMutation({
    mutationFn: sendTemplateDetailToTelegram,
    onSuccess: () => showToast('success', t('toast.sentToTelegram')),
    onError: (error) =>
      showToast(
        'error',
        t(
          isApiError(error) && error.status === TEMPLATE_STATUS.noAdminBot ? 'toast.noAdminBot' : 'toast.telegramError',
        ),
      ),
  });
}
