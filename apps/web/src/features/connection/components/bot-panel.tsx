import { Alert, Card, Divider, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BotStateWire } from '@salon/contract/connection';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useRunConnectAction } from '../api/run-connect-action';
import { botCanDisconnect, botNeedsToken } from '../bot-rules';
import { knownReason, pollsByItself, toUiState, type BotCode } from '../channel-state';
import { MAX_STATUS_POLLS } from '../connect-timing';
import { useChannelWatch } from '../hooks/use-channel-watch';
import { BotDisconnect } from './bot-disconnect';
import { BotHowTo } from './bot-how-to';
import { BotInviteHint } from './bot-invite-hint';
import { BotSummary } from './bot-summary';
import { BotTokenForm } from './bot-token-form';
import { ChannelNotice } from './channel-notice';
import { ChannelHeader } from './channel-panel';
import { TestMessageBox } from './test-message-box';

interface BotPanelProps {
  channel: BotCode;
  state: BotStateWire;
  onOtherChannel: () => void;
}

const noQr = () => undefined;

// The salon's own bot (issue 19): a token instead of a login; once connected, its link, how many
// clients it reaches, a test message through it alone, and Disconnect.
export function BotPanel({ channel, state, onOtherChannel }: BotPanelProps) {
  const { t } = useTranslation(['connection', 'errors']);
  const uiState = toUiState({ status: state.status, reason: state.reason });
  useChannelWatch({ channel, active: pollsByItself(uiState), maxPolls: MAX_STATUS_POLLS, waitId: 'session' });
  const turnOn = useRunConnectAction();
  const needsToken = botNeedsToken(uiState);
  // Why the bot wants a token again (its token revoked); the owner's own logout needs no word.
  const reason = state.reason === 'logged_out' ? null : knownReason(state.reason);

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
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" data-testid={`${channel.toLowerCase()}-panel`}>
        <Stack gap="md">
          <ChannelHeader channel={channel} uiState={uiState} />
          {uiState === 'authenticated' && <BotSummary channel={channel} state={state} />}
          {needsToken ? (
            <>
              {reason && (
                <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                  {t(`connection:reason.${reason}`)}
                </Alert>
              )}
              <BotHowTo channel={channel} />
              <BotTokenForm channel={channel} />
            </>
          ) : (
            <ChannelNotice
              channel={channel}
              uiState={uiState}
              state={state}
              onOtherChannel={onOtherChannel}
              onTurnOn={reboot}
              turningOn={turnOn.isPending}
              onNewQr={noQr}
            />
          )}
          <BotInviteHint channel={channel} />
          {botCanDisconnect(uiState) && (
            <>
              <Divider />
              <BotDisconnect channel={channel} />
            </>
          )}
        </Stack>
      </Card>
      {uiState === 'authenticated' && <TestMessageBox channel={channel} />}
    </Stack>
  );
}
