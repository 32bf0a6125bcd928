import { lazy, Suspense } from 'react';
import { Badge, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardActivity } from '@salon/contract/dashboard';
import { activityPoints, activityTotals } from '../activity-rules';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

const ActivityChart = lazy(() => import('./activity-chart').then((m) => ({ default: m.ActivityChart })));

interface ActivityCardProps {
  state: CardState<DashboardActivity>;
  format: DashboardFormat;
}

// The period's messages sent, bookings they brought and what those earned, and the chart by day or month.
export function ActivityCard({ state, format }: ActivityCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <DashboardCard
      title={t('activity.title')}
      testId="dashboard-activity"
      state={state}
      skeletonRows={4}
      aside={
        state.status === 'ok' &&
        state.data && (
          <Badge variant="light" color="gray" data-testid="dashboard-activity-group">
            {state.data.group_by === 'month' ? t('activity.byMonth') : t('activity.byDay')}
          </Badge>
        )
      }
    >
      {(data) => {
        const totals = activityTotals(data);
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Figure
                label={t('activity.sent')}
                value={format.number(totals.sent)}
                raw={totals.sent}
                testId="dashboard-activity-sent"
              />
              <Figure
                label={t('activity.bookings')}
                value={format.number(totals.bookings)}
                raw={totals.bookings}
                testId="dashboard-activity-bookings"
              />
              <Figure
                label={t('activity.earned')}
                value={format.money(totals.earned)}
                raw={totals.earned}
                testId="dashboard-activity-earned"
              />
            </SimpleGrid>
            <Suspense fallback={<Skeleton height={240} radius="md" data-testid="dashboard-activity-chart-loading" />}>
              <ActivityChart
                points={activityPoints(data, i18n.language)}
                labels={{ sent: t('activity.sent'), bookings: t('activity.bookings'), chart: t('activity.chartLabel') }}
                number={format.number}
              />
            </Suspense>
          </Stack>
        );
      }}
    </DashboardCard>
  );
}
