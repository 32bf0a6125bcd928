import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { AutoConnectForm } from '@salon/contract/auto-connect';
import { useTranslation } from 'react-i18next';

const LOGIN_PATH = '/';

// The last page: the branch is ready; the owner signs in with the Telegram id of step 7.
export function AutoConnectDone({ form }: { form: AutoConnectForm }) {
  const { t } = useTranslation('onboarding');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="auto-connect-done" data-acc-id={form.branchAccId ?? ''}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={28} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={2} size="h3">
            {t('autoConnect.done.title')}
          </Title>
        </Group>
        <Text>{t('autoConnect.done.text', { id: form.telegramId })}</Text>
        {form.botLink && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Anchor href={form.botLink} target="_blank" rel="noreferrer" data-testid="auto-connect-done-bot">
              {form.botLink}
            </Anchor>
          </Text>
        )}
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          {form.botLink && (
            <Button component="a" href={form.botLink} target="_blank" rel="noreferrer" variant="light">
              {t('autoConnect.done.openBot')}
            </Button>
          )}
          <Button component="a" href={LOGIN_PATH} data-testid="auto-connect-login">
            {t('autoConnect.done.login')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
