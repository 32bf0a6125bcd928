import { useState } from 'react';
import type { ChannelStateWire } from '@salon/contract/connection';
import { MAX_STATUS_POLLS } from '../connect-timing';
import { pollsByItself, toUiState } from '../channel-state';
import { useChannelWatch } from '../hooks/use-channel-watch';
import { useQrLogin } from '../hooks/use-qr-login';
import { useWaPairing } from '../hooks/use-wa-pairing';
import { ChannelPanel } from './channel-panel';
import { WhatsAppConnect, type WaMethod } from './whatsapp-connect';

interface WhatsAppPanelProps {
  state: ChannelStateWire;
  onOtherChannel: () => void;
}

export function WhatsAppPanel({ state, onOtherChannel }: WhatsAppPanelProps) {
  const [method, setMethod] = useState<WaMethod>('qr');
  const waiting = toUiState({ status: state.status, reason: state.reason }) === 'noConnect';
  const qr = useQrLogin({ channel: 'WA', enabled: waiting && method === 'qr' });
  const pairing = useWaPairing(waiting && method === 'pairing');
  const uiState = toUiState({
    status: state.status,
    reason: state.reason,
    gaveUpWaiting: method === 'qr' && qr.gaveUp,
  });
  useChannelWatch({ channel: 'WA', active: pollsByItself(uiState), maxPolls: MAX_STATUS_POLLS, waitId: 'session' });

  return (
    <ChannelPanel
      channel="WA"
      state={state}
      uiState={uiState}
      onOtherChannel={onOtherChannel}
      onNewQr={qr.restart}
      connect={<WhatsAppConnect method={method} onMethod={setMethod} qr={qr} pairing={pairing} />}
    />
  );
}
