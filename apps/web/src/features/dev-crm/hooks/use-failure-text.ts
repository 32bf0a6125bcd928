import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { failureKey } from '../dev-crm-rules';

// A refused change in words: the page's own message when it has one, else the shared error text.
export function useFailureText() {
  const { t } = useTranslation(['dev-crm', 'errors']);
  return (error: unknown) => {
    const key = failureKey(error);
    return key ? t(`dev-crm:errors.${key}`) : t(`errors:${statusMessageKey(error)}`);
  };
}
