import { useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { DateField } from '../../../shared/ui/date-field';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useLoyaltyAnalytics } from '../api/get-loyalty-analytics';
import { AnalyticsTable } from '../components/analytics-table';
import {
  initialStatsState,
  nextSort,
  shownRange,
  withFrom,
  withTo,
  type LoyaltyStatsState,
} from '../loyalty-stats-rules';

// /invite_fiend/statistic: GET /loyalty/loyalty_analytics for the chosen days, sorted by the server.
export function LoyaltyStatsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['invite-friends', 'pages']);
  const { timeZone } = useDateFormat();
  const branch = useCurrentBranch();
  const mobile = useIsMobile();
  const [now] = useState(() => new Date());
  const [state, setState] = useState<LoyaltyStatsState>(initialStatsState);
  const stats = useLoyaltyAnalytics(state);
  const range = shownRange(state, stats.data, now, timeZone);
  // The server's today (its clock, the branch's zone) once it answered the default range.
  const [serverToday, setServerToday] = useState<string | null>(null);
  if (!state.range && stats.data && serverToday !== stats.data.date_to) setServerToday(stats.data.date_to);
  const today = serverToday ?? shownRange(initialStatsState(), undefined, now, timeZone).to;
  const update = (patch: Partial<LoyaltyStatsState>) => setState((current) => ({ ...current, ...patch }));

  let body: ReactNode;
  if (stats.isPending) body = <Skeleton height={240} radius="md" data-testid="loyalty-stats-skeleton" />;
  else if (stats.isError) body = <QueryErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (stats.data.data.length === 0)
    body = (
      <EmptyState
        data-testid="loyalty-stats-empty"
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t('invite-friends:stats.emptyTitle')}
        description={t('invite-friends:stats.emptyHint')}
      />
    );
  else
    body = (
      <AnalyticsTable
        rows={stats.data.data}
        sort={state.sort}
        onSort={(column) => update({ sort: nextSort(state.sort, column) })}
        currency={branch?.currency ?? 'RUB'}
        mobile={mobile}
      />
    );

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.inviteFriendsStatistic')}</PageTitle>
      {tabs}
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="loyalty-stats">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap" data-testid="loyalty-stats-range">
            <DateField
              label={t('invite-friends:stats.from')}
              value={range.from}
              max={today}
              onChange={(from) => from && update({ range: withFrom(range, from) })}
              w={{ base: '100%', xs: 180 }}
              testId="loyalty-stats-from"
            />
            <DateField
              label={t('invite-friends:stats.to')}
              value={range.to}
              max={today}
              onChange={(to) => to && update({ range: withTo(range, to) })}
              w={{ base: '100%', xs: 180 }}
              testId="loyalty-stats-to"
            />
            {state.range && (
              <Button variant="subtle" onClick={() => update({ range: null })} data-testid="loyalty-stats-reset">
                {t('invite-friends:stats.currentYear')}
              </Button>
            )}
            {stats.isFetching && !stats.isPending && (
              <Loader size="xs" aria-label={t('invite-friends:stats.loading')} />
            )}
          </Group>
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
