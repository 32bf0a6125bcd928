import { Button, EmptyState, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SupportLink } from './support-link';

interface ErrorViewProps {
  // A translated explanation; the generic one when absent.
  message?: string;
  onRetry?: () => void;
}

// The generic error view for failed loads and rendering crashes (SPEC 8).
export function ErrorView({ message, onRetry }: ErrorViewProps) {
  const { t } = useTranslation('errors');
  return (
    <EmptyState
      data-testid="error-view"
      role="alert"
      py="xl"
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('view.title')}
      description={message ?? t('view.description')}
    >
      <Stack align="center" gap="xs" mt="md">
        {onRetry && <Button onClick={onRetry}>{t('view.retry')}</Button>}
        <Text size="sm" c="dimmed">
          {t('view.supportHint')} <SupportLink />
        </Text>
      </Stack>
    </EmptyState>
  );
}
