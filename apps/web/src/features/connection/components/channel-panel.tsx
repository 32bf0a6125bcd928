import type { ReactNode } from 'react';
import { Card, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelCode, ChannelStateWire } from '@salon/contract/connection';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useRunConnectAction } from '../api/run-connect-action';
import { actionsFor, type ChannelUiState } from '../channel-state';
import { ChannelActions } from './channel-actions';
import { ChannelIcon } from './channel-icon';
import { ChannelNotice } from './channel-notice';
import { ChannelStatusBadge } from './channel-status-badge';
import { ChannelSummary } from './channel-summary';

interface ChannelPanelProps {
  channel: ChannelCode;
  state: ChannelStateWire;
  uiState: ChannelUiState;
  // The login flow, shown while the channel waits for one.
  connect: ReactNode;
  onOtherChannel: () => void;
  onNewQr: () => void;
}

export function ChannelHeader({ channel, uiState }: { channel: ChannelCode; uiState: ChannelUiState }) {
  const { t } = useTranslation('connection');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <ChannelIcon channel={channel} size={24} colored />
        <Text fw={600} truncate>
          {t(`channel.${channel}`)}
        </Text>
      </Group>
      <ChannelStatusBadge channel={channel} state={uiState} />
    </Group>
  );
}

// One channel's card: its state, what to do about it, and its actions.
export function ChannelPanel({ channel, state, uiState, connect, onOtherChannel, onNewQr }: ChannelPanelProps) {
  const { t } = useTranslation(['connection', 'errors']);
  const turnOn = useRunConnectAction();
  const actions = actionsFor(uiState);

  const reboot = () =>
    turnOn.mutate(
      { action: 'reboot', channel },
      {
        onSuccess: () =>
          showToast('success', t('connection:actions.done.reboot', { channel: t(`connection:channel.${channel}`) })),
        onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
      },
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`${channel.toLowerCase()}-panel`}>
      <Stack gap="md">
        <ChannelHeader channel={channel} uiState={uiState} />
        {uiState === 'authenticated' && <ChannelSummary state={state} />}
        {uiState === 'noConnect' ? (
          connect
        ) : (
          <ChannelNotice
            channel={channel}
            uiState={uiState}
            state={state}
            onOtherChannel={onOtherChannel}
            onTurnOn={reboot}
            turningOn={turnOn.isPending}
            onNewQr={onNewQr}
          />
        )}
        {actions.length > 0 && (
          <>
            <Divider />
            <ChannelActions channel={channel} actions={actions} phone={state.phone} onDropped={onOtherChannel} />
          </>
        )}
      </Stack>
    </Card>
  );
}
