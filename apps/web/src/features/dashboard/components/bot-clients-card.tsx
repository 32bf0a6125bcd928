import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardBotClients } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

interface BotClientsCardProps {
  state: CardState<DashboardBotClients>;
  format: DashboardFormat;
}

// SPEC 3 Bot clients: the bookings our messages brought, newest first, and how many in the period.
export function BotClientsCard({ state, format }: BotClientsCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('botClients.title')} testId="dashboard-bot-clients" state={state} skeletonRows={6}>
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('botClients.description')}
          </Text>
          <Figure
            label={t('botClients.total')}
            value={format.number(data.total)}
            raw={data.total}
            testId="dashboard-bot-clients-total"
          />
          {data.bot_clients.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="dashboard-bot-clients-empty">
              {t('botClients.empty')}
            </Text>
          ) : (
            <Stack gap={0} data-testid="dashboard-bot-clients-list">
              {data.bot_clients.map((client, i) => (
                <div key={client.record_id} data-testid="dashboard-bot-client" data-record={client.record_id}>
                  {i > 0 && <Divider my={6} />}
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end" aria-label={t('botClients.name')}>
                        {client.name}
                      </Text>
                      <Text size="xs" c="dimmed" aria-label={t('botClients.phone')}>
                        {format.phone(client.phone)}
                      </Text>
                    </div>
                    <div style={{ textAlign: 'end', flexShrink: 0 }}>
                      <Text size="sm" fw={600} aria-label={t('botClients.sum')}>
                        {format.money(client.summary_cost)}
                      </Text>
                      <Text size="xs" c="dimmed" aria-label={t('botClients.visit')}>
                        {format.dateTime(client.record_time)}
                      </Text>
                    </div>
                  </Group>
                </div>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
