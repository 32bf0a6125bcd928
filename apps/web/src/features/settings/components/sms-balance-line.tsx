import type { ReactNode } from 'react';
import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSmsBalance } from '../api/get-sms-balance';
import { smsBalanceView } from '../sms-balance-rules';

// Issue 19: under the provider field, the saved provider's balance ("Баланс: 1 234,50") with a
// refresh button; the other answers as a short muted note.
export function SmsBalanceLine({ accId }: { accId: number | null }) {
  const { t, i18n } = useTranslation('settings');
  const balance = useSmsBalance(accId);
  const busy = balance.isFetching;
  const view = balance.data ? smsBalanceView(balance.data, i18n.language) : null;

  let body: ReactNode;
  if (balance.isError || view?.kind === 'note') {
    const status = balance.isError ? 'error' : balance.data?.status;
    body = (
      <Text size="sm" miw={0} c="dimmed" data-testid="sms-balance-note" data-status={status}>
        {t(view?.kind === 'note' && !balance.isError ? view.key : 'sms.balance.unavailable')}
      </Text>
    );
  } else if (view?.kind === 'amount') {
    body = (
      <Text size="sm" miw={0} data-testid="sms-balance-amount">
        {t('sms.balance.label', { amount: view.text })}
      </Text>
    );
  } else {
    body = (
      <Text size="sm" miw={0} c="dimmed">
        {t('sms.balance.loading')}
      </Text>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" aria-busy={busy} aria-live="polite" data-testid="sms-balance">
      {body}
      <Tooltip label={t('sms.balance.refresh')} withinPortal>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('sms.balance.refresh')}
          onClick={() => void balance.refetch()}
          disabled={busy}
          data-testid="sms-balance-refresh"
        >
          {busy ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
