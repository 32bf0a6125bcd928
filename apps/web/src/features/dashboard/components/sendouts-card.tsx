import { Anchor, Badge, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardSendouts } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

interface SendoutsCardProps {
  state: CardState<DashboardSendouts>;
  format: DashboardFormat;
  accId: number | null;
}

// SPEC 3 Sendouts: counts, messages, sign-up and answer conversions, and the last send-outs.
export function SendoutsCard({ state, format, accId }: SendoutsCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard
      title={t('sendouts.title')}
      testId="dashboard-sendouts"
      state={state}
      skeletonRows={6}
      aside={
        <Anchor
          component={Link}
          to={accId === null ? '/mailing/stats' : `/mailing/stats?accId=${accId}`}
          size="sm"
          data-testid="dashboard-sendouts-stats"
        >
          {t('sendouts.toStats')}
        </Anchor>
      }
    >
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, xs: 3, lg: 2 }} spacing="sm">
            <Figure
              label={t('sendouts.count')}
              value={format.number(data.count_sendout)}
              raw={data.count_sendout}
              testId="dashboard-sendouts-count"
            />
            <Figure
              label={t('sendouts.active')}
              value={format.number(data.count_active_sendout)}
              raw={data.count_active_sendout}
              testId="dashboard-sendouts-active"
            />
            <Figure
              label={t('sendouts.messages')}
              value={format.number(data.count_all_send_msg)}
              raw={data.count_all_send_msg}
              testId="dashboard-sendouts-messages"
            />
            <Figure
              label={t('sendouts.signUp')}
              value={`${format.number(data.count_sign_up)} · ${format.percent(data.percent_sign_up)}`}
              raw={data.count_sign_up}
              testId="dashboard-sendouts-sign-up"
            />
            <Figure
              label={t('sendouts.answers')}
              value={`${format.number(data.count_answers)} · ${format.percent(data.percent_answers)}`}
              raw={data.count_answers}
              testId="dashboard-sendouts-answers"
            />
            <Figure
              label={t('sendouts.earned')}
              value={format.money(data.amount)}
              raw={data.amount}
              testId="dashboard-sendouts-earned"
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('sendouts.last')}
            </Text>
            {data.last_sent_sendouts.length === 0 ? (
              <Text size="sm" data-testid="dashboard-sendouts-none">
                {t('sendouts.noSendouts')}
              </Text>
            ) : (
              data.last_sent_sendouts.map((sendout, i) => (
                <div key={sendout.sendout_id} data-testid="dashboard-last-sendout" data-id={sendout.sendout_id}>
                  {i > 0 && <Divider my={4} />}
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {sendout.name}
                    </Text>
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {t('sendouts.sent', { count: sendout.summ })}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('sendouts.conversions', {
                      signUp: format.percent(sendout.conversion_sign_up),
                      answers: format.percent(sendout.conversion_answers),
                    })}
                  </Text>
                </div>
              ))
            )}
          </Stack>
        </Stack>
      )}
    </DashboardCard>
  );
}
