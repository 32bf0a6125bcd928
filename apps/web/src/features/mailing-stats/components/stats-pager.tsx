import { Group, Loader, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATS_PAGE_SIZES } from '@salon/contract/mailing-stats-rules';
import { PageSizeSelect } from '../../../shared/ui/page-size-select';

interface StatsPagerProps {
  page: number;
  totalPages: number;
  count: number;
  pageSize: number;
  // Absent on mobile: three cards a page, no choice (SPEC 9).
  onPageSize?: (size: number) => void;
  onPage: (page: number) => void;
  busy?: boolean;
  testId: string;
  compact?: boolean;
}

// Rows per page (SPEC 9: 5, 8, 20), where the page is in the total, and the page switcher.
export function StatsPager({
  page,
  totalPages,
  count,
  pageSize,
  onPageSize,
  onPage,
  busy,
  testId,
  compact,
}: StatsPagerProps) {
  const { t } = useTranslation('mailing-stats');
  const from = count === 0 ? 0 : Math.min((page - 1) * pageSize + 1, count);
  const to = Math.min(page * pageSize, count);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        {onPageSize && (
          <PageSizeSelect
            label={t('rowsPerPage')}
            sizes={STATS_PAGE_SIZES}
            value={pageSize}
            onChange={onPageSize}
            testId={`${testId}-size`}
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-shown`}>
          {t('shown', { from, to, count })}
        </Text>
        {busy && <Loader size="xs" aria-label={t('loading')} />}
      </Group>
      {totalPages > 1 && (
        <Pagination
          size="sm"
          total={totalPages}
          value={page}
          onChange={onPage}
          siblings={compact ? 0 : 1}
          boundaries={compact ? 0 : 1}
          data-testid={`${testId}-pages`}
          getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
        />
      )}
    </Group>
  );
}
