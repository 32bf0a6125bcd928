import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoginErrorKey } from '../login-errors';
import type { ShownQr } from '../hooks/use-qr-login';
import { QrPanel } from './qr-panel';

interface QrWaitProps {
  testId: string;
  shown: ShownQr | null;
  failed: boolean;
  error: LoginErrorKey | null;
  onRetry: () => void;
}

// The QR while it is being fetched, shown, or when fetching it failed.
export function QrWait({ testId, shown, failed, error, onRetry }: QrWaitProps) {
  const { t } = useTranslation('connection');
  if (failed) {
    return (
      <Alert color="red" variant="light" title={t('qr.failedTitle')} data-testid={`${testId}-error`} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(`loginError.${error ?? 'generic'}`)}</Text>
          <Button size="xs" onClick={onRetry}>
            {t('qr.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!shown) {
    return (
      <Center py="xl" w="100%">
        <Loader aria-label={t('qr.loading')} />
      </Center>
    );
  }
  return <QrPanel testId={testId} payload={shown.qr} expiresAt={shown.expiresAt} />;
}
