import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayData } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { payState } from '../pay-rules';

const STATE_COLORS = { paid: 'teal', test: 'blue', expired: 'red', notPaid: 'red' } as const;

// The header of /pay: whether the branch is paid and till when (SPEC 3 Pay data); autopay has its own block.
export function PayStatusCard({ data }: { data: PayData }) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  const state = payState(data);
  let line: string;
  if (state.kind === 'paid') line = t('status.paid', { date: dates.day(state.till) });
  else if (state.kind === 'expired') line = t('status.expired', { date: dates.day(state.till) });
  else if (state.kind === 'test')
    line = state.till ? t('status.test', { date: dates.day(state.till) }) : t('status.testNoDate');
  else line = t('status.notPaid');

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="pay-status">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('status.label')}
          </Text>
          <Badge
            size="lg"
            variant="light"
            color={STATE_COLORS[state.kind]}
            data-testid="pay-status-state"
            data-state={state.kind}
            style={{ textTransform: 'none' }}
          >
            {line}
          </Badge>
          {data.amount > 0 && (
            <Text size="sm" c="dimmed" data-testid="pay-status-monthly">
              {t('status.monthly', { amount: formatMoney(data.amount, data.currency) })}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
