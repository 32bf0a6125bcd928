import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toast/show-toast';
import { useSendConsentsXlsx } from '../api/send-consents-xlsx';
import { exportFailureToast, type ExportFlags } from '../consent-list-rules';

// The xlsx export modal and its call; the file arrives through the admin bot.
export function useConsentExport() {
  const { t } = useTranslation('consents');
  const send = useSendConsentsXlsx();
  const [opened, setOpened] = useState(false);
  return {
    opened,
    busy: send.isPending,
    open: () => setOpened(true),
    close: () => {
      if (!send.isPending) setOpened(false);
    },
    send: (flags: ExportFlags) =>
      send.mutate(flags, {
        onSuccess: (answer) => {
          setOpened(false);
          showToast('success', t('toast.exported', { count: answer.count }));
        },
        onError: (error) => {
          const toast = exportFailureToast(error);
          showToast(toast.kind, t(`toast.${toast.key}`));
        },
      }),
  };
}
