import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { onlyDigits, PIN_LENGTH } from '@salon/contract/telegram-id-rules';
import { useTranslation } from 'react-i18next';
import { LoginError } from './login-error';

interface PinStepProps {
  telegramId: string;
  pinInServerLog: boolean;
  pending: boolean;
  resendPending: boolean;
  error: unknown;
  onSubmit: (pin: string) => void;
  onResend: () => void;
  onChangeId: () => void;
}

export function PinStep(props: PinStepProps) {
  const { telegramId, pinInServerLog, pending, resendPending, error, onSubmit, onResend, onChangeId } = props;
  const { t } = useTranslation('auth');
  // The page remounts this step after a rejected PIN, so the field starts empty and focused.
  const [pin, setPin] = useState('');

  const change = (raw: string) => {
    const next = onlyDigits(raw, PIN_LENGTH);
    setPin(next);
    // Typing the fourth digit submits; pasting a full PIN too.
    if (next.length === PIN_LENGTH && next !== pin && !pending) onSubmit(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin.length === PIN_LENGTH) onSubmit(pin);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(pinInServerLog ? 'pin.sentToLog' : 'pin.sentToBot', { id: telegramId })}</Text>
        <TextInput
          data-testid="login-pin"
          label={t('pin.label')}
          value={pin}
          onChange={(event) => change(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PIN_LENGTH}
          autoFocus
          required
          styles={{ input: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' } }}
        />
        <LoginError error={error} step="pin" />
        <Button
          type="submit"
          loading={pending}
          disabled={pin.length !== PIN_LENGTH}
          data-testid="login-submit-pin"
          fullWidth
        >
          {t('pin.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onResend}
            loading={resendPending}
            data-testid="login-resend-pin"
          >
            {t('pin.resend')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={onChangeId} data-testid="login-change-id">
            {t('pin.changeId')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
