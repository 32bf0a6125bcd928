import { useMemo, useState, type ReactNode } from 'react';
import { Card, EmptyState, Loader, Skeleton, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { FeedbackButton } from '../feedback/components/feedback-button';
import { useAiStats, type GroupBy } from '../stats/api/get-ai-stats';
import { StatsChart } from '../stats/components/stats-chart';
import { StatsRange } from '../stats/components/stats-range';
import { StatsTable } from '../stats/components/stats-table';
import { StatsTotals } from '../stats/components/stats-totals';
import { defaultStatsRange, isEmptyStats, type DayRange } from '../stats/stats-range-rules';

// /ai_admin_statistics: what the AI administrator did in a range of the branch's days — totals,
// why it handed over, what it booked and earned, and the same per day or week.
export function AiStatisticsPage({ tabs }: { tabs?: ReactNode }) {
  const { t, i18n } = useTranslation(['ai-stats', 'pages']);
  const { timeZone } = useDateFormat();
  const branch = useCurrentBranch();
  const [today] = useState(() => zonedDayKey(Date.now(), timeZone) ?? '');
  const [range, setRange] = useState<DayRange>(() => defaultStatsRange(today));
  const [groupBy, setGroupBy] = useState<GroupBy>('day');
  const stats = useAiStats({ ...range, groupBy });
  const currency = branch?.currency ?? 'RUB';
  const { number, money } = useMemo(() => {
    const numbers = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
    return { number: (n: number) => numbers.format(n), money: (n: number) => formatMoney(n, currency) };
  }, [i18n.language, currency]);

  let body: ReactNode;
  if (stats.isPending) body = <Skeleton height={320} radius="md" data-testid="ai-stats-loading" />;
  else if (stats.isError) body = <QueryErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (isEmptyStats(stats.data))
    body = (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t('empty.title')}
        description={t('empty.description')}
        data-testid="ai-stats-empty"
      />
    );
  else
    body = (
      <Stack gap="md">
        <StatsTotals totals={stats.data.totals} number={number} money={money} />
        <StatsChart series={stats.data.series} number={number} money={money} />
        <StatsTable series={stats.data.series} weekly={groupBy === 'week'} number={number} money={money} />
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageTitle aside={<FeedbackButton />}>{t('pages:titles.aiAdminStatistics')}</PageTitle>
      {tabs}
      <Stack gap="md">
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <StatsRange range={range} today={today} groupBy={groupBy} onRange={setRange} onGroupBy={setGroupBy} />
          {stats.isFetching && !stats.isPending && <Loader size="xs" mt="xs" aria-label={t('loading')} />}
        </Card>
        {body}
      </Stack>
    </Stack>
  );
}
