import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusMessageKey, type StatusMessageKey } from '../../../shared/api/error-message';
import { useConnectBot } from '../api/connect-bot';
import { BOT_TOKEN_PLACEHOLDER, botErrorKey, checkBotToken, type BotErrorKey } from '../bot-rules';
import type { BotCode } from '../channel-state';
import { useChannelConnected } from '../hooks/use-channel-connected';

type FormError = { kind: 'bot'; key: BotErrorKey } | { kind: 'http'; key: StatusMessageKey };

// The token from @BotFather or MasterBot: hidden while typed (it is a password to the bot), trimmed,
// checked here for its shape and then by the messenger through the server. Enter submits.
export function BotTokenForm({ channel }: { channel: BotCode }) {
  const { t } = useTranslation(['connection', 'errors']);
  const [token, setToken] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const connect = useConnectBot();
  const connected = useChannelConnected(channel);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    const checked = checkBotToken(token);
    if (!checked.ok) {
      setError({ kind: 'bot', key: checked.error });
      return;
    }
    setError(null);
    connect.mutate(
      { channel, token: checked.token },
      {
        onSuccess: (answer) => {
          if (answer.status === 'auth_success') {
            setToken('');
            connected();
          } else setError({ kind: 'bot', key: botErrorKey(answer.error) });
        },
        onError: (failure) => setError({ kind: 'http', key: statusMessageKey(failure) }),
      },
    );
  };

  const errorText =
    error === null ? null : error.kind === 'bot' ? t(`connection:bot.error.${error.key}`) : t(`errors:${error.key}`);

  return (
    <form onSubmit={submit} noValidate data-testid={`bot-token-form-${channel}`}>
      <Stack gap="sm">
        <PasswordInput
          label={t('connection:bot.tokenLabel')}
          description={t('connection:bot.tokenHint')}
          placeholder={BOT_TOKEN_PLACEHOLDER[channel]}
          value={token}
          onChange={(event) => {
            setToken(event.currentTarget.value);
            setError(null);
          }}
          error={errorText}
          errorProps={{ role: 'alert', 'data-testid': `bot-error-${channel}` }}
          autoComplete="off"
          spellCheck={false}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('connection:bot.toggleToken') }}
          data-testid={`bot-token-input-${channel}`}
        />
        <Group>
          <Button
            type="submit"
            loading={connect.isPending}
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            data-testid={`bot-connect-${channel}`}
          >
            {t('connection:bot.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
