import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import type { CommunicationMethod } from '@salon/contract/start-page';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';

function ResultCard({
  icon,
  title,
  text,
  testId,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  testId: string;
  action?: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
        <Text>{text}</Text>
        {action}
      </Stack>
    </Card>
  );
}

export function StartPageSuccess({ method, onAgain }: { method: CommunicationMethod; onAgain: () => void }) {
  const { t } = useTranslation('start-page');
  return (
    <ResultCard
      testId="start-page-success"
      icon={<IconCircleCheck size={28} color="var(--mantine-color-teal-6)" aria-hidden />}
      title={t('success.title')}
      text={t(`success.${method}`)}
      action={
        <Button variant="light" onClick={onAgain} data-testid="start-page-again">
          {t('success.again')}
        </Button>
      }
    />
  );
}

export function StartPageFailed({
  error,
  onRetry,
  pending,
}: {
  error: unknown;
  onRetry: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation(['start-page', 'errors']);
  return (
    <ResultCard
      testId="start-page-failed"
      icon={<IconAlertTriangle size={28} color="var(--mantine-color-red-6)" aria-hidden />}
      title={t('start-page:failed.title')}
      text={t('start-page:failed.text', { reason: t(`errors:${statusMessageKey(error)}`) })}
      action={
        <Button onClick={onRetry} loading={pending} data-testid="start-page-retry">
          {t('start-page:failed.retry')}
        </Button>
      }
    />
  );
}

// A link without the branch, or one we did not make (SPEC 2 parameters; the hash does not match).
export function StartPageUnknownLink() {
  const { t } = useTranslation('start-page');
  return (
    <ResultCard
      testId="start-page-unknown-link"
      icon={<IconLinkOff size={28} color="var(--mantine-color-orange-6)" aria-hidden />}
      title={t('unknownLink.title')}
      text={t('unknownLink.text')}
    />
  );
}
