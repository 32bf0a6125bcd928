import { useCallback, useEffect, useState } from 'react';
import { track } from '../../../shared/metrics/track';
import { useRequestQr } from '../api/request-qr';
import { FIRST_QR_MS, MAX_STATUS_POLLS, NEXT_QR_MS, expiryOf, nextQrCheckAt, qrDecision } from '../connect-timing';
import type { MessengerCode } from '../channel-state';
import { loginErrorKey, type LoginErrorKey } from '../login-errors';
import { useChannelConnected } from './use-channel-connected';
import { useChannelWatch } from './use-channel-watch';

export interface ShownQr {
  qr: string;
  startedAt: number;
  expiresAt: number;
  lastRequestAt: number;
  newQrs: number;
}

type Phase = 'idle' | 'showing' | 'gaveUp' | 'failed' | 'done';

interface QrLoginOptions {
  channel: MessengerCode;
  // The QR is wanted (the channel waits for a login and this way is chosen).
  enabled: boolean;
  // Telegram: the account has a cloud password; the page asks for it.
  onTwoFactor?: () => void;
}

// The QR way of logging in: asks for a QR, refreshes it before it expires, polls the status
// every 2 s, and gives up after the first QR and two new ones (SPEC 9).
export function useQrLogin({ channel, enabled, onTwoFactor }: QrLoginOptions) {
  const request = useRequestQr(channel);
  const connected = useChannelConnected(channel);
  const [phase, setPhase] = useState<Phase>('idle');
  const [shown, setShown] = useState<ShownQr | null>(null);
  const [error, setError] = useState<LoginErrorKey | null>(null);
  // Each wait counts its polls from zero.
  const [waitNo, setWaitNo] = useState(0);
  const polls = useChannelWatch({
    channel,
    active: enabled && phase === 'showing',
    maxPolls: MAX_STATUS_POLLS,
    waitId: `qr-${waitNo}`,
  });
  const { mutate, isPending } = request;
  // SPEC 7 connect_qr_open (each new QR shown) and connect_qr_error.
  useEffect(() => (shown?.qr ? track('connect_qr_open', { channel }) : undefined), [shown?.qr, channel]);
  useEffect(() => (error ? track('connect_qr_error', { channel, error }) : undefined), [error, channel]);

  // Leaving the QR way (connected, another way chosen) ends the wait; coming back starts a new one.
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled);
    if (!enabled) {
      setShown(null);
      setError(null);
      setWaitNo((n) => n + 1);
      setPhase('idle');
    }
  }

  const ask = useCallback(() => {
    const requestedAt = Date.now();
    mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.status === 'qr' && answer.qr !== null) {
          const qr = answer.qr;
          setShown((previous) => {
            const isNew = previous === null || previous.qr !== qr;
            return {
              qr,
              startedAt: previous?.startedAt ?? requestedAt,
              expiresAt: isNew
                ? expiryOf(answer.expires_at, requestedAt, previous ? NEXT_QR_MS : FIRST_QR_MS)
                : previous.expiresAt,
              lastRequestAt: requestedAt,
              newQrs: previous === null ? 0 : previous.newQrs + (isNew ? 1 : 0),
            };
          });
          setPhase('showing');
          return;
        }
        if (answer.status === 'auth_success') {
          setPhase('done');
          connected();
          return;
        }
        if (answer.status === '2fa') {
          setPhase('done');
          onTwoFactor?.();
          return;
        }
        setError(loginErrorKey(answer.error));
        setPhase('failed');
      },
      onError: () => {
        setError('generic');
        setPhase('failed');
      },
    });
  }, [mutate, connected, onTwoFactor]);

  // The first QR comes by itself once this way is chosen.
  useEffect(() => {
    if (enabled && phase === 'idle') ask();
  }, [enabled, phase, ask]);

  // One timer for the next refresh or the end of the wait.
  useEffect(() => {
    if (!enabled || phase !== 'showing' || shown === null) return;
    const delay = Math.max(0, nextQrCheckAt(shown) - Date.now());
    const timer = window.setTimeout(() => {
      const decision = qrDecision({ ...shown, now: Date.now(), polls: 0 });
      if (decision === 'refresh') ask();
      else if (decision === 'giveUp') setPhase('gaveUp');
    }, delay);
    return () => window.clearTimeout(timer);
  }, [enabled, phase, shown, ask]);

  const restart = useCallback(() => {
    setShown(null);
    setError(null);
    setWaitNo((n) => n + 1);
    setPhase('idle');
  }, []);

  const gaveUp = phase === 'gaveUp' || (phase === 'showing' && polls >= MAX_STATUS_POLLS);
  return {
    shown: phase === 'showing' && !gaveUp ? shown : null,
    gaveUp,
    failed: phase === 'failed',
    error,
    requesting: isPending,
    restart,
  };
}
