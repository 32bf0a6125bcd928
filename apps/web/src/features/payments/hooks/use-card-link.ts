import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toast/show-toast';
import { getCardLink } from '../api/get-autopay-link';
import { payErrorKey, payLinkOutcome } from '../pay-link-rules';
import { usePayErrorText } from './use-pay-error-text';

// Asks for the card-binding checkout (connect autopay or change the card) and goes there; a link that
// is not a URL is an error toast (SPEC 8).
export function useCardLink(go: (url: string) => void) {
  const { t } = useTranslation('payments');
  const errorText = usePayErrorText();
  return useMutation({
    mutationFn: getCardLink,
    onSuccess: (answer) => {
      const outcome = payLinkOutcome(answer);
      if (outcome.kind === 'invalid') showToast('error', t('errors.badLink'));
      else go(outcome.url);
    },
    // Here "nothing to pay" means there is no paid subscription for autopay to renew.
    onError: (error) =>
      showToast('error', payErrorKey(error) === 'notPayable' ? t('autopay.notPayable') : errorText(error)),
  });
}
