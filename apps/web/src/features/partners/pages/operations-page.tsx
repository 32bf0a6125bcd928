import { useMemo, type ReactNode } from 'react';
import { Card, Stack } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { useNow } from '../../../shared/lib/use-now';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useOperations } from '../api/get-operations';
import { OperationFilters } from '../components/operations/operation-filters';
import { OperationTotals } from '../components/operations/operation-totals';
import { OperationsTable } from '../components/operations/operations-table';
import { useOperationsView } from '../components/operations/use-operations-view';
import { usePromoCode } from '../hooks/use-promo-code';
import {
  defaultOperationFilters,
  hasOperationFilters,
  narrowOperations,
  operationsWireQuery,
  sortOperations,
} from '../operations-rules';

// /list_of_operation "All operations" (SPEC 2, 3 Operation, 5 partner filters, 9 sort default).
export function OperationsPage({ tabs }: { tabs?: ReactNode }) {
  const { t, i18n } = useTranslation(['partners', 'pages']);
  const dates = useDateFormat();
  // The branch's today: it decides the default start of the year (re-read each minute).
  const now = useNow(60_000);
  const today = zonedDayKey(now, dates.timeZone) ?? new Date(now).toISOString().slice(0, 10);
  const { code } = usePromoCode();
  const { view, update } = useOperationsView(today);
  const wire = useMemo(() => (code === null ? {} : operationsWireQuery(code, view.filters)), [code, view.filters]);
  const operations = useOperations(code, wire);
  const mobile = useIsMobile();
  const filtered = hasOperationFilters(view.filters, today);

  const rows = useMemo(
    () =>
      operations.data
        ? sortOperations(narrowOperations(operations.data.operations, view.filters), view.sort, i18n.language)
        : [],
    [operations.data, view.filters, view.sort, i18n.language],
  );

  let body: ReactNode;
  if (operations.isPending) body = <ListSkeleton rows={5} height={56} testId="partner-operations-skeleton" />;
  else if (operations.isError)
    body = <QueryErrorView error={operations.error} onRetry={() => void operations.refetch()} />;
  else
    body = (
      <Stack gap="md">
        <OperationTotals list={operations.data} />
        <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {rows.length === 0 ? (
            <PageEmptyState
              testId="partner-operations-empty"
              icon={<IconReceipt2 aria-hidden />}
              title={t('partners:operations.emptyTitle')}
              description={
                filtered ? t('partners:operations.emptyFilteredDescription') : t('partners:operations.emptyDescription')
              }
            />
          ) : (
            <OperationsTable
              rows={rows}
              currency={operations.data.currency}
              sort={view.sort}
              onSort={(sort) => update({ sort }, true)}
              mobile={mobile}
            />
          )}
        </Card>
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.listOfOperation')}</PageTitle>
      {tabs}
      <Stack gap="md" data-testid="partner-operations">
        <OperationFilters
          filters={view.filters}
          branches={operations.data?.branches ?? []}
          canReset={filtered}
          onChange={(patch, replace) => update(patch, replace)}
          onReset={() => update(defaultOperationFilters(today))}
        />
        {body}
      </Stack>
    </Stack>
  );
}
