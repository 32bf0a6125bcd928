import { useState, type FormEvent } from 'react';
import { Button, List, Stack, Text, TextInput } from '@mantine/core';
import { isValidTelegramId, onlyDigits, TELEGRAM_ID_MAX_LENGTH } from '@salon/contract/telegram-id-rules';
import type { PublicConfig } from '@salon/contract/public-config';
import { useTranslation } from 'react-i18next';
import { LoginError } from './login-error';

interface TelegramIdStepProps {
  initialId: string;
  config: PublicConfig | undefined;
  pending: boolean;
  error: unknown;
  onSubmit: (telegramId: string) => void;
}

export function TelegramIdStep({ initialId, config, pending, error, onSubmit }: TelegramIdStepProps) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState(initialId);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidTelegramId(value)) {
      setInvalid(true);
      return;
    }
    onSubmit(value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('telegramId.stepOpenBot')}</List.Item>
          <List.Item>{t('telegramId.stepGetId')}</List.Item>
        </List>
        {config?.bot_url && (
          <Button
            component="a"
            href={config.bot_url}
            target="_blank"
            rel="noreferrer"
            variant="light"
            data-testid="login-open-bot"
          >
            {t('telegramId.openBot')}
          </Button>
        )}
        {config?.pin_in_server_log && (
          <Text size="sm" c="dimmed" data-testid="login-pin-in-log">
            {t('telegramId.pinInServerLog')}
          </Text>
        )}
        <TextInput
          data-testid="login-telegram-id"
          label={t('telegramId.label')}
          placeholder={t('telegramId.placeholder')}
          description={t('telegramId.hint')}
          value={value}
          onChange={(event) => {
            setValue(onlyDigits(event.currentTarget.value, TELEGRAM_ID_MAX_LENGTH));
            setInvalid(false);
          }}
          error={invalid ? t('telegramId.invalid') : undefined}
          errorProps={{ 'data-testid': 'login-error', role: 'alert' }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={TELEGRAM_ID_MAX_LENGTH}
          autoFocus
          required
        />
        <LoginError error={error} step="telegramId" />
        <Button type="submit" loading={pending} data-testid="login-request-pin" fullWidth>
          {t('telegramId.submit')}
        </Button>
      </Stack>
    </form>
  );
}
