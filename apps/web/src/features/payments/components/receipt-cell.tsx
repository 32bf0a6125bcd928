import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentHistoryRow } from '@salon/contract/payments';
import { useReceipt } from '../hooks/use-receipt';

// A payment's receipt: found on a click (the link, then the server, 10 s each; SPEC 7) and opened in
// a new tab; "not ready yet" when the fiscal service has not issued it.
export function ReceiptCell({ row }: { row: PaymentHistoryRow }) {
  const { t } = useTranslation('payments');
  const { state, open } = useReceipt(row);
  if (!row.receipt) return <>{t('history.noReceipt')}</>;
  return (
    <Stack gap={2} align="flex-start" data-testid="history-receipt-cell" data-state={state.kind}>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        leftSection={<IconReceipt size={16} aria-hidden />}
        loading={state.kind === 'loading'}
        onClick={open}
        data-testid="history-receipt"
      >
        {t('history.receipt')}
      </Button>
      {state.kind === 'notReady' && (
        <Text
          size="xs"
          c="dimmed"
          role="status"
          style={{ whiteSpace: 'normal' }}
          data-testid="history-receipt-not-ready"
        >
          {t('history.receiptNotReady')}
        </Text>
      )}
      {state.kind === 'blocked' && (
        <Anchor href={state.url} target="_blank" rel="noopener noreferrer" size="xs" data-testid="history-receipt-link">
          {t('history.receiptFound')}
        </Anchor>
      )}
    </Stack>
  );
}
