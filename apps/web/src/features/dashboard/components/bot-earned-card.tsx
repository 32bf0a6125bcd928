import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { botEarnedBand, type DashboardBotEarned } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard } from './dashboard-card';

interface BotEarnedCardProps {
  state: CardState<DashboardBotEarned>;
  format: DashboardFormat;
}

// SPEC 3 Bot earned, with SPEC 9's bands: "earned X of the next milestone Y".
export function BotEarnedCard({ state, format }: BotEarnedCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('botEarned.title')} testId="dashboard-bot-earned" state={state} skeletonRows={2}>
      {(data) => {
        const band = botEarnedBand(data.amount);
        const amount = format.money(data.amount, data.currency);
        const next = format.money(band.to, data.currency);
        return (
          <Stack gap="xs">
            <Text fw={700} size="xl" data-testid="dashboard-bot-earned-amount" data-value={data.amount}>
              {amount}
            </Text>
            <Progress
              value={band.percent}
              size="lg"
              radius="xl"
              aria-label={t('botEarned.progress', { amount, next })}
              data-testid="dashboard-bot-earned-progress"
              data-value={band.percent}
            />
            <Text size="sm" c="dimmed" data-testid="dashboard-bot-earned-text">
              {t('botEarned.progress', { amount, next })}
            </Text>
          </Stack>
        );
      }}
    </DashboardCard>
  );
}
