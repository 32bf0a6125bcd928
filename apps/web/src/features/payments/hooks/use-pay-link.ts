import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { getPayLink } from '../api/get-pay-link';
import { payErrorKey, payLinkOutcome } from '../pay-link-rules';

// Asks for the checkout link and goes there; a link that is not a URL is an error toast (SPEC 8).
export function usePayLink({ onLink, go }: { onLink: () => void; go: (url: string) => void }) {
  const { t } = useTranslation(['payments', 'errors']);
  return useMutation({
    mutationFn: getPayLink,
    onSuccess: (answer) => {
      const outcome = payLinkOutcome(answer);
      if (outcome.kind === 'invalid') {
        showToast('error', t('payments:errors.badLink'));
        return;
      }
      onLink();
      go(outcome.url);
    },
    onError: (error) => {
      const key = payErrorKey(error);
      showToast('error', key ? t(`payments:errors.${key}`) : t(`errors:${statusMessageKey(error)}`));
    },
  });
}
