import { useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, Group, Loader, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconChartBar, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATS_PAGE_SIZES } from '@salon/contract/reviews';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { DateField } from '../../../shared/ui/date-field';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useDownloadStatsExcel, useSendStatsToTelegram } from '../api/export-review-stats';
import { useReviewStats } from '../api/get-review-stats';
import { ReviewStatsTable } from '../components/review-stats-table';
import {
  initialStatsState,
  nextSort,
  pageSizeOf,
  shownRange,
  totalPages,
  withFrom,
  withTo,
  type ReviewStatsState,
} from '../review-stats-rules';

// /reviews/statistics: POST /review_stats for the chosen days, sorted and paged on the server.
export function ReviewStatsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['reviews', 'pages']);
  const { timeZone } = useDateFormat();
  const mobile = useIsMobile();
  const [now] = useState(() => new Date());
  const [state, setState] = useState<ReviewStatsState>(initialStatsState);
  const stats = useReviewStats(state);
  const download = useDownloadStatsExcel();
  const sendTg = useSendStatsToTelegram();
  // The server's today (its clock, the branch's zone) once it answered the default range.
  const range = shownRange(state, stats.data?.range, now, timeZone);
  const [serverToday, setServerToday] = useState<string | null>(null);
  if (!state.range && stats.data && serverToday !== stats.data.range.date_end) setServerToday(stats.data.range.date_end);
  const today = serverToday ?? shownRange(initialStatsState(), undefined, now, timeZone).to;
  const update = (patch: Partial<ReviewStatsState>) => setState((current) => ({ ...current, page: 1, ...patch }));

  let body: ReactNode;
  if (stats.isPending) body = <Skeleton height={240} radius="md" data-testid="review-stats-skeleton" />;
  else if (stats.isError) body = <QueryErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (stats.data.rows.length === 0 && stats.data.count === 0)
    body = (
      <EmptyState
        data-testid="review-stats-empty"
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t('reviews:stats.emptyTitle')}
        description={t('reviews:stats.emptyHint')}
      />
    );
  else {
    const pages = totalPages(stats.data.count, state.pageSize);
    const from = Math.min((state.page - 1) * state.pageSize + 1, stats.data.count);
    const to = Math.min(state.page * state.pageSize, stats.data.count);
    body = (
      <Stack gap="sm">
        <ReviewStatsTable
          rows={stats.data.rows}
          sort={state.sort}
          onSort={(column) => update({ sort: nextSort(state.sort, column) })}
          mobile={mobile}
        />
        <Group justify="space-between" gap="sm" wrap="wrap" data-testid="review-stats-pager">
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('reviews:stats.rowsPerPage')}
            </Text>
            <Select
              w={80}
              size="xs"
              aria-label={t('reviews:stats.rowsPerPage')}
              data={REVIEW_STATS_PAGE_SIZES.map(String)}
              value={String(state.pageSize)}
              onChange={(value) => value && update({ pageSize: pageSizeOf(Number(value)) })}
              allowDeselect={false}
              data-testid="review-stats-page-size"
            />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="review-stats-shown">
              {t('reviews:stats.shown', { from, to, count: stats.data.count })}
            </Text>
            {stats.isFetching && <Loader size="xs" aria-label={t('reviews:stats.loading')} />}
          </Group>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => setState((current) => ({ ...current, page }))}
              siblings={mobile ? 0 : 1}
              boundaries={mobile ? 0 : 1}
              data-testid="review-stats-pages"
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.reviewsStatistics')}</PageTitle>
      {tabs}
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Group gap="sm" align="flex-end" wrap="wrap" data-testid="review-stats-range" style={{ flex: '1 1 auto' }}>
              <DateField
                label={t('reviews:stats.from')}
                value={range.from}
                max={today}
                onChange={(from) => from && update({ range: withFrom(range, from) })}
                w={{ base: '100%', xs: 180 }}
                testId="review-stats-from"
              />
              <DateField
                label={t('reviews:stats.to')}
                value={range.to}
                max={today}
                onChange={(to) => to && update({ range: withTo(range, to) })}
                w={{ base: '100%', xs: 180 }}
                testId="review-stats-to"
              />
              {state.range && (
                <Button
                  variant="subtle"
                  onClick={() => update({ range: null })}
                  data-testid="review-stats-reset"
                >
                  {t('reviews:stats.currentYear')}
                </Button>
              )}
            </Group>
            <Group gap="sm" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.isPending}
                onClick={() => download.mutate(state)}
                data-testid="review-stats-excel"
              >
                {t('reviews:stats.excel')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconBrandTelegram size={16} aria-hidden />}
                loading={sendTg.isPending}
                onClick={() => sendTg.mutate(state)}
                data-testid="review-stats-telegram"
              >
                {t('reviews:stats.telegram')}
              </Button>
            </Group>
          </Group>
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
