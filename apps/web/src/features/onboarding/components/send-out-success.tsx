import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { SendOutFormSaved } from '@salon/contract/onboarding';
import { useTranslation } from 'react-i18next';
import { isTelegramLink } from '../send-out-form-rules';

const LOGIN_PATH = '/';

// After the form: the link the server answered (the admin bot's start link, or the login page) and
// the way into the cabinet.
export function SendOutSuccess({ saved, telegramId }: { saved: SendOutFormSaved; telegramId: string }) {
  const { t } = useTranslation('onboarding');
  const viaBot = isTelegramLink(saved.deeplink);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="send-out-success" data-acc-id={saved.acc_id}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={28} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={2} size="h3">
            {t('success.title')}
          </Title>
        </Group>
        <Text>{t(saved.created ? 'success.created' : 'success.existing')}</Text>
        <Text size="sm" c="dimmed">
          {viaBot ? t('success.nextBot') : t('success.nextLogin', { id: telegramId })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('success.deeplink')}:{' '}
          <Anchor
            href={saved.deeplink}
            target={viaBot ? '_blank' : undefined}
            rel="noreferrer"
            data-testid="send-out-deeplink"
          >
            {saved.deeplink}
          </Anchor>
        </Text>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          {viaBot && (
            <Button component="a" href={saved.deeplink} target="_blank" rel="noreferrer" variant="light">
              {t('success.openBot')}
            </Button>
          )}
          <Button component="a" href={LOGIN_PATH} data-testid="send-out-login">
            {t('success.login')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
