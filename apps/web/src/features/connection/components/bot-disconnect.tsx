import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlugOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useDisconnectBot } from '../api/disconnect-bot';
import type { BotCode } from '../channel-state';

// Disconnect, behind a confirmation: the bot stops writing and its token has to be entered again.
export function BotDisconnect({ channel }: { channel: BotCode }) {
  const { t } = useTranslation(['connection', 'errors']);
  const [asked, setAsked] = useState(false);
  const disconnect = useDisconnectBot();
  const name = t(`connection:channel.${channel}`);

  const confirm = () =>
    disconnect.mutate(channel, {
      onSuccess: () => {
        setAsked(false);
        showToast('success', t('connection:bot.disconnected', { channel: name }));
      },
      onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
    });

  return (
    <>
      <Group>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconPlugOff size={16} aria-hidden />}
          onClick={() => setAsked(true)}
          data-testid={`bot-disconnect-${channel}`}
        >
          {t('connection:bot.disconnect')}
        </Button>
      </Group>
      <Modal
        opened={asked}
        onClose={() => setAsked(false)}
        title={t('connection:bot.disconnectTitle', { channel: name })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('connection:bot.disconnectConfirm')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsked(false)} data-testid="action-cancel">
              {t('connection:actions.cancel')}
            </Button>
            <Button color="red" loading={disconnect.isPending} onClick={confirm} data-testid="action-confirm">
              {t('connection:bot.disconnect')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
