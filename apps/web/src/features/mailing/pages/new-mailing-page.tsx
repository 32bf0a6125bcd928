import { useEffect, type ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAccessDenied } from '../../../shared/api/error-message';
import { AccessDeniedView } from '../../../shared/ui/access-denied-view';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useCheckPayed } from '../api/check-payed';
import { NewMailingWizard } from '../components/new-mailing-wizard';
import { track } from '../../../shared/metrics/track';

// /mailing/new (SPEC 2, 4): the three-step creation of a send-out. The paid check loads with the
// page (and again before a launch): an unpaid account is told at once rather than at the end.
export function NewMailingPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['mailing', 'pages']);
  const payed = useCheckPayed();
  useEffect(() => track('open_sendout_page'), []);

  const header = (
    <>
      <PageTitle video="mailing">{t('pages:titles.mailingNew')}</PageTitle>
      {tabs}
    </>
  );

  let body: ReactNode;
  if (payed.isPending) body = <PageSkeleton />;
  else if (payed.isError && isAccessDenied(payed.error)) body = <AccessDeniedView />;
  else if (payed.isError) body = <QueryErrorView error={payed.error} onRetry={() => void payed.refetch()} />;
  else
    body = (
      <Stack gap="md">
        {!payed.data && (
          <Alert
            color="red"
            variant="light"
            icon={<IconCreditCardOff size={18} aria-hidden />}
            title={t('mailing:notPaid.title')}
            data-testid="mailing-not-paid"
          >
            {t('mailing:notPaid.description')}
          </Alert>
        )}
        <NewMailingWizard />
      </Stack>
    );

  return (
    <Stack gap={0}>
      {header}
      {body}
    </Stack>
  );
}
