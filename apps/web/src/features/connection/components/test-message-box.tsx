import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelCode } from '@salon/contract/connection';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { PhoneInput, isValidPhone } from '../../../shared/ui/phone-input';
import { useSendTestMessage } from '../api/send-test-message';

const TEXT_MAX = 4096;

// One message through the real dispatcher, to check the connected channels end to end; with
// `channel`, through that channel only (a bot tab tests its bot), and its test ids carry the code.
export function TestMessageBox({ channel }: { channel?: ChannelCode }) {
  const { t } = useTranslation(['connection', 'errors']);
  const testId = (name: string) => (channel ? `test-message-${name}-${channel}` : `test-message-${name}`);
  const [phone, setPhone] = useState('');
  const [text, setText] = useState('');
  const send = useSendTestMessage();
  const ready = isValidPhone(phone) && text.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || send.isPending) return;
    send.mutate(
      { phone, text: text.trim(), ...(channel ? { channel } : {}) },
      {
        onSuccess: ({ outbox_id }) => {
          showToast('success', t('connection:testMessage.sent', { id: outbox_id }));
          setText('');
        },
        onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId('box')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {channel
              ? t('connection:testMessage.channelTitle', { channel: t(`connection:channel.${channel}`) })
              : t('connection:testMessage.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {channel
              ? t('connection:testMessage.botIntro', { channel: t(`connection:channel.${channel}`) })
              : t('connection:testMessage.intro')}
          </Text>
          <PhoneInput
            label={t('connection:testMessage.phone')}
            placeholder="79991234567"
            value={phone}
            onChange={setPhone}
            data-testid={testId('phone')}
          />
          <Textarea
            label={t('connection:testMessage.text')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value.slice(0, TEXT_MAX))}
            autosize
            minRows={3}
            maxRows={8}
            data-testid={testId('text')}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={!ready}
              loading={send.isPending}
              data-testid={testId('send')}
            >
              {t('connection:testMessage.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
