import { useCallback, useState } from 'react';
import { MAX_STATUS_POLLS } from '../connect-timing';
import { useSendTelegramLoginStep, type TelegramLoginStep } from '../api/send-telegram-login-step';
import { TG_START, afterCode, afterPassword, afterPhone, type TgLogin } from '../telegram-steps';
import { useChannelWatch } from './use-channel-watch';
import { useQrLogin } from './use-qr-login';

// Telegram's login (SPEC 4): phone → code → (2FA password) → loading the new status; or by QR.
export function useTelegramLogin(enabled: boolean) {
  const [login, setLogin] = useState<TgLogin>(TG_START);
  const [phone, setPhone] = useState('');
  // Bumped to remount the code input empty after a wrong code.
  const [codeAttempt, setCodeAttempt] = useState(0);
  const send = useSendTelegramLoginStep();

  // Once the channel no longer waits for a login (connected, or turned off), the flow starts over
  // next time.
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled);
    if (!enabled) setLogin(TG_START);
  }

  const toPassword = useCallback(() => setLogin({ ...TG_START, step: 'password' }), []);
  const qr = useQrLogin({ channel: 'TG', enabled: enabled && login.step === 'qr', onTwoFactor: toPassword });
  const statusPolls = useChannelWatch({
    channel: 'TG',
    active: enabled && login.step === 'loadingStatus',
    maxPolls: MAX_STATUS_POLLS,
    waitId: 'tg-login',
  });

  const run = useCallback(
    (step: TelegramLoginStep) => {
      send.mutate(step, {
        onSuccess: (answer) => {
          const next =
            step.step === 'phone'
              ? afterPhone(answer)
              : step.step === 'code'
                ? afterCode(answer)
                : afterPassword(answer);
          if (next.step === 'code' && next.fieldError) setCodeAttempt((n) => n + 1);
          setLogin(next);
        },
        onError: () => setLogin((current) => ({ ...current, error: 'generic', fieldError: false, retryAfter: null })),
      });
    },
    [send],
  );

  return {
    login,
    phone,
    codeAttempt,
    pending: send.isPending,
    // Logged in, but the channel never reported itself connected.
    stuck: login.step === 'loadingStatus' && statusPolls >= MAX_STATUS_POLLS,
    qr,
    submitPhone: (value: string) => {
      setPhone(value);
      run({ step: 'phone', phone: value });
    },
    submitCode: (code: string) => run({ step: 'code', code }),
    submitPassword: (password: string) => run({ step: 'password', password }),
    startQr: () => setLogin({ ...TG_START, step: 'qr' }),
    restart: () => setLogin(TG_START),
  };
}
