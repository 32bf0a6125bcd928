import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loginErrorMessage } from '../login-errors';

export function LoginError({ error, step }: { error: unknown; step: 'telegramId' | 'pin' }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  const message = loginErrorMessage(error, step);
  const text = message.key === 'status.wrongPinTries' ? t(message.key, { count: message.count }) : t(message.key);
  return (
    <Alert color="red" variant="light" data-testid="login-error" role="alert">
      {text}
    </Alert>
  );
}
