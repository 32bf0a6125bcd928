import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { payErrorKey } from '../pay-link-rules';

// A failed payments call in words: a payments refusal by its own text, anything else by the common one.
export function usePayErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['payments', 'errors']);
  return useCallback(
    (error: unknown) => {
      const key = payErrorKey(error);
      return key ? t(`payments:errors.${key}`) : t(`errors:${statusMessageKey(error)}`);
    },
    [t],
  );
}
