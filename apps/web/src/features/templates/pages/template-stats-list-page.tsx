import { useEffect, type ReactNode } from 'react';
import { Card, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useAllTemplatesStats } from '../api/get-all-templates-stats';
import { AllTemplatesStatsTable } from '../components/all-templates-stats-table';
import { StatsRangePicker } from '../components/stats-range-picker';
import { useStatsFilter } from '../hooks/use-stats-filter';

// /template_list/statistic: GET /all_templates_stats for the chosen dates.
export function TemplateStatsListPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['templates', 'pages']);
  const { accId } = useSession();
  const currency = useCurrentBranch()?.currency ?? 'RUB';
  const filter = useStatsFilter();
  const stats = useAllTemplatesStats(filter.range);
  useEffect(() => track('view_template_stats'), []);

  let body: ReactNode;
  if (stats.isPending) body = <Skeleton height={240} radius="md" data-testid="all-stats-skeleton" />;
  else if (stats.isError) body = <QueryErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (stats.data.length === 0)
    body = (
      <EmptyState
        data-testid="all-stats-empty"
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t('templates:stats.emptyTitle')}
        description={t('templates:stats.emptyHint')}
      />
    );
  else body = <AllTemplatesStatsTable rows={stats.data} accId={accId} currency={currency} />;

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.templateListStatistic')}</PageTitle>
      {tabs}
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <StatsRangePicker
            range={filter.range}
            now={filter.now}
            onChange={filter.setRange}
            onReset={filter.resetRange}
          />
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
