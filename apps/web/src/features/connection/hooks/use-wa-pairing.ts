import { useCallback, useEffect, useState } from 'react';
import { session } from '../../../shared/session/session';
import { useRequestPairingCode } from '../api/request-pairing-code';
import { PAIRING_CODE_MS, PAIRING_POLLS, expiryOf, tooSoonSecondsLeft } from '../connect-timing';
import { loginErrorKey, type LoginErrorKey } from '../login-errors';
import { useChannelConnected } from './use-channel-connected';
import { useChannelWatch } from './use-channel-watch';

export interface ShownPairingCode {
  code: string;
  phone: string;
  expiresAt: number;
}

export interface PairingError {
  key: LoginErrorKey;
  // For 'tooSoon': seconds until another number may ask, when known.
  seconds: number | null;
}

// WhatsApp's phone-number way (SPEC 4 pairing steps): the phone first, then the 8-character code
// to type on the phone, valid 160 s. The same phone within that time gets the same code.
export function useWaPairing(enabled: boolean) {
  const request = useRequestPairingCode();
  const connected = useChannelConnected('WA');
  const [shown, setShown] = useState<ShownPairingCode | null>(null);
  const [error, setError] = useState<PairingError | null>(null);
  useChannelWatch({
    channel: 'WA',
    active: enabled && shown !== null,
    maxPolls: PAIRING_POLLS,
    waitId: `pairing-${shown?.code ?? 'none'}`,
  });
  const { mutate, isPending } = request;

  // Leaving the pairing way (connected, or the QR chosen) forgets the code shown.
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled);
    if (!enabled) {
      setShown(null);
      setError(null);
    }
  }

  const submit = useCallback(
    (phone: string) => {
      const requestedAt = Date.now();
      setError(null);
      mutate(phone, {
        onSuccess: (answer) => {
          if (answer.status === 'code' && answer.code !== null) {
            const expiresAt = expiryOf(answer.expires_at, requestedAt, PAIRING_CODE_MS);
            // The session keeps when the code was made (SPEC 3), for the too-soon message.
            session.update({ waCodeRequestedAt: expiresAt - PAIRING_CODE_MS });
            setShown({ code: answer.code, phone, expiresAt });
            return;
          }
          if (answer.status === 'auth_success') {
            connected();
            return;
          }
          if (answer.status === 'too_soon') {
            setError({ key: 'tooSoon', seconds: tooSoonSecondsLeft(session.get().waCodeRequestedAt, Date.now()) });
            return;
          }
          setError({ key: loginErrorKey(answer.error), seconds: null });
        },
        onError: () => setError({ key: 'generic', seconds: null }),
      });
    },
    [mutate, connected],
  );

  // An expired code sends the user back to the phone step.
  useEffect(() => {
    if (shown === null) return;
    const timer = window.setTimeout(
      () => {
        setShown(null);
        setError({ key: 'codeExpired', seconds: null });
      },
      Math.max(0, shown.expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [shown]);

  const back = useCallback(() => {
    setShown(null);
    setError(null);
  }, []);

  return { shown, error, pending: isPending, submit, back };
}
