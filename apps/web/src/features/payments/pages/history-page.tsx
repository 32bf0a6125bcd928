import type { ReactNode } from 'react';
import { Button, Card, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { usePaymentHistory } from '../api/get-payment-history';
import { HistoryTable } from '../components/history-table';
import { sortHistory } from '../history-rules';

// /history: the branch's subscription payments with their receipts (SPEC 2, 3 Payment history).
export function HistoryPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['payments', 'pages']);
  const history = usePaymentHistory();
  const mobile = useIsMobile();
  const { accId } = useSession();

  let body: ReactNode;
  if (history.isPending) body = <Skeleton height={240} radius="md" data-testid="history-skeleton" />;
  else if (history.isError) body = <QueryErrorView error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.data.length === 0)
    body = (
      <EmptyState
        data-testid="history-empty"
        py="xl"
        variant="light"
        icon={<IconReceipt aria-hidden />}
        title={t('payments:history.emptyTitle')}
        description={t('payments:history.emptyDescription')}
      >
        <Button component={Link} to={accId === null ? '/pay' : `/pay?accId=${accId}`} variant="light" mt="md">
          {t('payments:history.toPay')}
        </Button>
      </EmptyState>
    );
  else body = <HistoryTable rows={sortHistory(history.data.data)} mobile={mobile} />;

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.history')}</PageTitle>
      {tabs}
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="history">
        {body}
      </Card>
    </Stack>
  );
}
