import { useTranslation } from 'react-i18next';
import { isAccessDenied, statusMessageKey } from '../api/error-message';
import { AccessDeniedView } from './access-denied-view';
import { ErrorView } from './error-view';

// A failed load: the access-denied view for the rights statuses, else the generic error view.
export function QueryErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('errors');
  if (isAccessDenied(error)) return <AccessDeniedView />;
  return <ErrorView message={t(statusMessageKey(error))} {...(onRetry ? { onRetry } : {})} />;
}
