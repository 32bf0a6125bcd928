import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardTariff } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import { channelStatusColor, channelStatusKey } from '../tariff-rules';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

interface TariffCardProps {
  state: CardState<DashboardTariff>;
  format: DashboardFormat;
  accId: number | null;
}

const CHANNELS = [
  { key: 'WA', name: 'WhatsApp' },
  { key: 'TG', name: 'Telegram' },
] as const;

// SPEC 3 Tariff: paid-till day, trial badge, monthly price, discount, employees, channel states.
export function TariffCard({ state, format, accId }: TariffCardProps) {
  const { t } = useTranslation('dashboard');
  const suffix = accId === null ? '' : `?accId=${accId}`;
  return (
    <DashboardCard
      title={t('tariff.title')}
      testId="dashboard-tariff"
      state={state}
      skeletonRows={5}
      aside={
        <Anchor component={Link} to={`/pay${suffix}`} size="sm" data-testid="dashboard-tariff-pay">
          {t('tariff.toPay')}
        </Anchor>
      }
    >
      {(data) => (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {data.pay_period ? t('tariff.paidTill') : t('tariff.notPaid')}
            </Text>
            {data.pay_period && (
              <Text size="sm" fw={600} data-testid="dashboard-tariff-paid-till">
                {format.day(data.pay_period)}
              </Text>
            )}
            {data.tarif_data.is_test_period && (
              <Badge variant="light" color="violet" data-testid="dashboard-tariff-test">
                {t('tariff.testPeriod')}
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <Figure
              label={t('tariff.amount')}
              value={format.money(data.tarif_data.amount, data.tarif_data.currency)}
              raw={data.tarif_data.amount}
              testId="dashboard-tariff-amount"
            />
            <Figure
              label={t('tariff.discount')}
              value={format.percent(data.tarif_data.discount * 100)}
              raw={data.tarif_data.discount * 100}
              testId="dashboard-tariff-discount"
            />
            <Figure
              label={t('tariff.employees')}
              value={format.number(data.tarif_data.branch_employees)}
              raw={data.tarif_data.branch_employees}
              testId="dashboard-tariff-employees"
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t('tariff.channels')}
              </Text>
              <Anchor component={Link} to={`/connection${suffix}`} size="sm" data-testid="dashboard-tariff-connection">
                {t('tariff.toConnection')}
              </Anchor>
            </Group>
            {CHANNELS.map(({ key, name }) => {
              const status = data.status_channels[key];
              return (
                <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{name}</Text>
                  <Badge
                    variant="light"
                    color={channelStatusColor(status)}
                    data-testid={`dashboard-channel-${key.toLowerCase()}`}
                    data-state={status}
                  >
                    {t(`tariff.status.${channelStatusKey(status)}`)}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </DashboardCard>
  );
}
