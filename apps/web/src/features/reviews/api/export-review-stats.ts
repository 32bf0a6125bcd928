import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATUS, statusResponse } from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { downloadFile } from '../../../shared/api/download-file';
import { showToast } from '../../../shared/toast/show-toast';
import { excelQueryOf, type ReviewStatsState } from '../review-stats-rules';

// GET /review_stats_excel: the sheet of the current filters as a file.
export function downloadStatsExcel(state: ReviewStatsState) {
  return downloadFile({
    path: '/review_stats_excel',
    query: excelQueryOf(state, false),
    fallbackName: state.range ? `review-stats-${state.range.from}-${state.range.to}.xlsx` : 'review-stats.xlsx',
  });
}

// GET /review_stats_excel?send_tg=1: the same sheet delivered by the admin bot.
export function sendStatsToTelegram(state: ReviewStatsState) {
  return api.request({ path: '/review_stats_excel', query: excelQueryOf(state, true), schema: statusResponse });
}

export function useDownloadStatsExcel() {
  const { t } = useTranslation('reviews');
  return useMutation({
    mutationFn: downloadStatsExcel,
    onError: () => showToast('error', t('toast.downloadError')),
  });
}

// SPEC 8: 'send stats success'; a bot that cannot write to the user gets its own message.
export function useSendStatsToTelegram() {
  const { t } = useTranslation('reviews');
  return useMutation({
    mutationFn: sendStatsToTelegram,
    onSuccess: () => showToast('success', t('toast.statsSent')),
    onError: (error) =>
      showToast(
        'error',
        t(isApiError(error) && error.status === REVIEW_STATUS.noAdminBot ? 'toast.noAdminBot' : 'toast.telegramError'),
      ),
  });
}
