import type { ChannelStateWire } from '@salon/contract/connection';
import { MAX_STATUS_POLLS } from '../connect-timing';
import { pollsByItself, toUiState } from '../channel-state';
import { useChannelWatch } from '../hooks/use-channel-watch';
import { useTelegramLogin } from '../hooks/use-telegram-login';
import { ChannelPanel } from './channel-panel';
import { TelegramConnect } from './telegram-connect';

interface TelegramPanelProps {
  state: ChannelStateWire;
  sandbox: boolean;
  onOtherChannel: () => void;
}

export function TelegramPanel({ state, sandbox, onOtherChannel }: TelegramPanelProps) {
  const waiting = toUiState({ status: state.status, reason: state.reason }) === 'noConnect';
  const tg = useTelegramLogin(waiting);
  const gaveUp = tg.login.step === 'qr' && tg.qr.gaveUp;
  const uiState = toUiState({ status: state.status, reason: state.reason, gaveUpWaiting: gaveUp });
  useChannelWatch({ channel: 'TG', active: pollsByItself(uiState), maxPolls: MAX_STATUS_POLLS, waitId: 'session' });

  return (
    <ChannelPanel
      channel="TG"
      state={state}
      uiState={uiState}
      onOtherChannel={onOtherChannel}
      onNewQr={tg.qr.restart}
      connect={<TelegramConnect tg={tg} sandbox={sandbox} />}
    />
  );
}
