import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout, IconPlugOff, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelCode } from '@salon/contract/connection';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useRunConnectAction } from '../api/run-connect-action';
import { otherChannel, type ConnectAction } from '../channel-state';

const ICONS = {
  logout: IconLogout,
  reboot: IconRefresh,
  clean_queue: IconTrash,
  drop_instance: IconPlugOff,
} as const;

const DANGER: readonly ConnectAction[] = ['logout', 'drop_instance', 'clean_queue'];

interface ChannelActionsProps {
  channel: ChannelCode;
  actions: ConnectAction[];
  phone: string | null;
  // Dropping a channel sends the page to the other one (SPEC 4).
  onDropped: () => void;
}

// Logout, reboot, clean queue and drop instance, each behind a confirmation.
export function ChannelActions({ channel, actions, phone, onDropped }: ChannelActionsProps) {
  const { t } = useTranslation(['connection', 'errors']);
  const [asked, setAsked] = useState<ConnectAction | null>(null);
  const run = useRunConnectAction();
  const prefix = channel.toLowerCase();
  const channelName = t(`connection:channel.${channel}`);
  const otherName = t(`connection:channel.${otherChannel(channel)}`);

  if (actions.length === 0) return null;

  const confirm = () => {
    if (asked === null) return;
    const action = asked;
    run.mutate(
      { action, channel, phone },
      {
        onSuccess: (answer) => {
          setAsked(null);
          if (action === 'clean_queue') {
            showToast('success', t('connection:actions.cleaned', { count: answer.cleaned ?? 0 }));
            return;
          }
          showToast('success', t(`connection:actions.done.${action}`, { channel: channelName }));
          if (action === 'drop_instance') onDropped();
        },
        onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
      },
    );
  };

  return (
    <>
      <Group gap="xs" data-testid={`${prefix}-actions`}>
        {actions.map((action) => {
          const Icon = ICONS[action];
          return (
            <Button
              key={action}
              size="xs"
              variant="light"
              color={DANGER.includes(action) ? 'red' : undefined}
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => setAsked(action)}
              data-testid={`${prefix}-action-${action}`}
            >
              {t(`connection:actions.label.${action}`)}
            </Button>
          );
        })}
      </Group>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={asked ? t(`connection:actions.label.${asked}`) : ''}
        centered
      >
        {asked && (
          <Stack gap="md">
            <Text size="sm">
              {t(`connection:actions.confirm.${asked}`, { channel: channelName, other: otherName })}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAsked(null)} data-testid="action-cancel">
                {t('connection:actions.cancel')}
              </Button>
              <Button
                color={DANGER.includes(asked) ? 'red' : undefined}
                loading={run.isPending}
                onClick={confirm}
                data-testid="action-confirm"
              >
                {t(`connection:actions.label.${asked}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
