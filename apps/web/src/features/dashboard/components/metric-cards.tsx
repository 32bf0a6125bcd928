import { List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardConnected, DashboardLoyalty, DashboardReview } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

interface CardProps<T> {
  state: CardState<T>;
  format: DashboardFormat;
}

// SPEC 3 Reviews: requests sent, who answered the first step, who went all the way, negatives.
export function ReviewsCard({ state, format }: CardProps<DashboardReview>) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('reviews.title')} testId="dashboard-reviews" state={state} skeletonRows={4}>
      {(data) => (
        <SimpleGrid cols={2} spacing="sm">
          <Figure
            label={t('reviews.totalSends')}
            value={format.number(data.total_sends)}
            raw={data.total_sends}
            testId="dashboard-reviews-sends"
          />
          <Figure
            label={t('reviews.negative')}
            value={format.number(data.negative_results)}
            raw={data.negative_results}
            testId="dashboard-reviews-negative"
          />
          <Figure
            label={t('reviews.firstStep')}
            value={`${format.number(data.count_first_step)} · ${format.percent(data.percent_first_step)}`}
            raw={data.count_first_step}
            testId="dashboard-reviews-first-step"
          />
          <Figure
            label={t('reviews.fullReview')}
            value={`${format.number(data.count_full_review)} · ${format.percent(data.percent_full_review)}`}
            raw={data.count_full_review}
            testId="dashboard-reviews-full"
          />
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}

// SPEC 3 Connected admins: who pressed Start in the admin bot; none yet tells how to connect it.
export function ConnectedCard({ state }: { state: CardState<DashboardConnected> }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('connected.title')} testId="dashboard-connected" state={state} skeletonRows={3}>
      {(data) =>
        data.connected.length === 0 ? (
          <Stack gap={4} data-testid="dashboard-connected-empty">
            <Text size="sm" fw={500}>
              {t('connected.emptyTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('connected.emptyHint')}
            </Text>
          </Stack>
        ) : (
          <List
            spacing="xs"
            center
            icon={
              <ThemeIcon size={24} radius="xl" variant="light">
                <IconBrandTelegram size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {data.connected.map((admin) => (
              <List.Item key={admin.telegram_id} data-testid="dashboard-connected-admin">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {admin.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('connected.id', { id: admin.telegram_id })}
                </Text>
              </List.Item>
            ))}
          </List>
        )
      }
    </DashboardCard>
  );
}

// SPEC 3 Loyalty: what invited friends brought.
export function LoyaltyCard({ state, format }: CardProps<DashboardLoyalty>) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('loyalty.title')} testId="dashboard-loyalty" state={state} skeletonRows={3}>
      {(data) => (
        <SimpleGrid cols={{ base: 2, xs: 3, lg: 2 }} spacing="sm">
          <Figure
            label={t('loyalty.amount')}
            value={format.money(data.amount)}
            raw={data.amount}
            testId="dashboard-loyalty-amount"
          />
          <Figure
            label={t('loyalty.medianBill')}
            value={format.money(data.median_bill)}
            raw={data.median_bill}
            testId="dashboard-loyalty-median"
          />
          <Figure
            label={t('loyalty.records')}
            value={format.number(data.count_records)}
            raw={data.count_records}
            testId="dashboard-loyalty-records"
          />
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}
