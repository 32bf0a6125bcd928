import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAILING_STATS_STATUS,
  mailingStatsDetailExcelBody,
  mailingStatsTelegramResponse,
  type MailingStatsDetailExcelBody,
} from '@salon/contract/mailing-stats';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { downloadFile } from '../../../shared/api/download-file';
import { showToast } from '../../../shared/toast/show-toast';

// GET /stats_sendout_excel: every send-out of the filters as an xlsx file.
export function downloadStatsExcel(filters: Record<string, string>) {
  return downloadFile({
    host: 'mailing',
    path: '/stats_sendout_excel',
    query: filters,
    fallbackName: 'sendout-stats.xlsx',
  });
}

// GET /stats_sendout_excel?send_tg: the same file delivered by the admin bot (SPEC 7: all rows).
export function sendStatsToTelegram(filters: Record<string, string>) {
  return api.request({
    host: 'mailing',
    path: '/stats_sendout_excel',
    query: { ...filters, send_tg: true },
    schema: mailingStatsTelegramResponse,
  });
}

// GET /stats_sendout_detail?excel: one send-out's detail (reaction and phone applied) as xlsx.
export function downloadDetailExcel(query: Record<string, string>) {
  return downloadFile({
    host: 'mailing',
    path: '/stats_sendout_detail',
    query: { ...query, excel: true },
    fallbackName: `sendout-${query.sendout_id ?? ''}-stats.xlsx`,
  });
}

// POST /stats_sendout_detail_excel: the detail with the filters on screen, through the admin bot.
export function sendDetailToTelegram(body: MailingStatsDetailExcelBody) {
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/stats_sendout_detail_excel',
    body: mailingStatsDetailExcelBody.parse(body),
    schema: mailingStatsTelegramResponse,
  });
}

function useExportToasts() {
  const { t } = useTranslation('mailing-stats');
  return {
    downloadFailed: () => showToast('error', t('toast.downloadError')),
    sent: () => showToast('success', t('toast.sentToTelegram')),
    sendFailed: (error: unknown) =>
      showToast(
        'error',
        t(
          isApiError(error) && error.status === MAILING_STATS_STATUS.noAdminBot
            ? 'toast.noAdminBot'
            : 'toast.telegramError',
        ),
      ),
  };
}

export function useDownloadStatsExcel() {
  const toasts = useExportToasts();
  return useMutation({ mutationFn: downloadStatsExcel, onError: toasts.downloadFailed });
}

export function useSendStatsToTelegram() {
  const toasts = useExportToasts();
  return useMutation({ mutationFn: sendStatsToTelegram, onSuccess: toasts.sent, onError: toasts.sendFailed });
}

export function useDownloadDetailExcel() {
  const toasts = useExportToasts();
  return useMutation({ mutationFn: downloadDetailExcel, onError: toasts.downloadFailed });
}

export function useSendDetailToTelegram() {
  const toasts = useExportToasts();
  return useMutation({ mutationFn: sendDetailToTelegram, onSuccess: toasts.sent, onError: toasts.sendFailed });
}
