import { Button, Card, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../shared/ui/phone-input';
import type { TestMessage } from '../hooks/use-test-message';
import { TEST_PHONE_MAX } from '../message-rules';

// A test message to one phone before the launch (SPEC 7 /test_sendout; SPEC 9: the popup hides after 3 s).
export function TestMessageBox({ test }: { test: TestMessage }) {
  const { t } = useTranslation('mailing');
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('test.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('test.hint')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PhoneInput
            label={t('test.phone')}
            placeholder="79990000000"
            value={test.phone}
            onChange={test.setPhone}
            maxLength={TEST_PHONE_MAX}
            onKeyDown={(event) => {
              if (event.key === 'Enter') test.send();
            }}
            style={{ flex: '1 1 200px' }}
            data-testid="mailing-test-phone"
          />
          <Popover opened={test.sent} position="top" withArrow shadow="md">
            <Popover.Target>
              <Button
                variant="light"
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={test.send}
                disabled={!test.canSend}
                loading={test.sending}
                data-testid="mailing-test-send"
              >
                {t('test.send')}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Group gap={6} wrap="nowrap" data-testid="mailing-test-popup" role="status">
                <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                <Text size="sm">{t('test.sent')}</Text>
              </Group>
            </Popover.Dropdown>
          </Popover>
        </Group>
      </Stack>
    </Card>
  );
}
