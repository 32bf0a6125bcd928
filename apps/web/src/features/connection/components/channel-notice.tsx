import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCreditCard, IconPlugConnectedX, IconQrcodeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelCode, ChannelStateWire } from '@salon/contract/connection';
import { useSession } from '../../../shared/session/use-session';
import { knownReason, otherChannel, type ChannelUiState } from '../channel-state';

interface ChannelNoticeProps {
  channel: ChannelCode;
  uiState: ChannelUiState;
  state: ChannelStateWire;
  onOtherChannel: () => void;
  onTurnOn: () => void;
  turningOn: boolean;
  onNewQr: () => void;
}

// What a channel that is neither connected nor waiting for a login tells the user.
export function ChannelNotice(props: ChannelNoticeProps) {
  const { channel, uiState, state, onOtherChannel, onTurnOn, turningOn, onNewQr } = props;
  const { t } = useTranslation('connection');
  const { accId } = useSession();
  const reason = knownReason(state.reason);
  const reasonText = state.reason === null ? null : reason ? t(`reason.${reason}`) : state.reason;
  const names = { channel: t(`channel.${channel}`), other: t(`channel.${otherChannel(channel)}`) };

  switch (uiState) {
    case 'loading':
      return (
        <Group gap="sm" data-testid="channel-loading">
          <Loader size="sm" />
          <Text size="sm">{t('notice.loading')}</Text>
        </Group>
      );
    case 'error':
    case 'blocked':
      return (
        <Alert
          color="red"
          variant="light"
          icon={uiState === 'blocked' ? <IconBan aria-hidden /> : <IconAlertTriangle aria-hidden />}
          title={t(`notice.${uiState}Title`, names)}
        >
          <Stack gap={4}>
            <Text size="sm">{t(`notice.${uiState}`, names)}</Text>
            {reasonText && (
              <Text size="xs" c="dimmed">
                {t('notice.reason', { reason: reasonText })}
              </Text>
            )}
          </Stack>
        </Alert>
      );
    case 'notPaid':
      return (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCreditCard aria-hidden />}
          title={t('notice.notPaidTitle', names)}
        >
          <Stack gap="sm">
            <Text size="sm">{t(state.reason === 'dropped' ? 'notice.dropped' : 'notice.notPaid', names)}</Text>
            <Group gap="xs">
              {state.reason === 'dropped' ? (
                <Button size="xs" onClick={onTurnOn} loading={turningOn} data-testid="channel-turn-on">
                  {t('notice.turnOn')}
                </Button>
              ) : (
                <Button size="xs" component={Link} to={accId === null ? '/pay' : `/pay?accId=${accId}`}>
                  {t('notice.pay')}
                </Button>
              )}
              <Button size="xs" variant="light" onClick={onOtherChannel}>
                {t('notice.goOther', names)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'drop':
      return (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconPlugConnectedX aria-hidden />}
          title={t('notice.dropTitle', names)}
          data-testid="channel-drop-warning"
        >
          <Stack gap="sm">
            <Text size="sm">{t('notice.drop', names)}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={onOtherChannel}>
                {t('notice.goOther', names)}
              </Button>
              <Button size="xs" variant="light" onClick={onTurnOn} loading={turningOn}>
                {t('notice.turnOn')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'notConnected':
      return (
        <Alert color="gray" variant="light" icon={<IconQrcodeOff aria-hidden />} title={t('notice.notConnectedTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('notice.notConnected')}</Text>
            <Group>
              <Button size="xs" onClick={onNewQr} data-testid={`${channel.toLowerCase()}-qr-again`}>
                {t('notice.newQr')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'notSetUp':
      return (
        <Alert color="gray" variant="light" title={t('notice.notSetUpTitle', names)}>
          <Stack gap="sm">
            <Text size="sm">{t('notice.notSetUp', names)}</Text>
            <Group>
              <Button size="xs" onClick={onTurnOn} loading={turningOn}>
                {t('notice.start')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    default:
      return null;
  }
}
