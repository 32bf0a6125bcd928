import { useState } from 'react';
import { ActionIcon, Group, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_CHAT_TEXT_MAX } from '@salon/contract/ai-chat';
import { canSendText, composerKeyAction } from '../composer-rules';

interface ChatComposerProps {
  pending: boolean;
  disabled?: boolean;
  asSalon: boolean;
  onAsSalonChange: (asSalon: boolean) => void;
  // Resolves true when the message went (the field is then cleared).
  onSend: (text: string) => Promise<boolean>;
}

// The message field: Enter sends, Shift+Enter starts a new line; nothing is typed while a message goes.
export function ChatComposer({ pending, disabled = false, asSalon, onAsSalonChange, onSend }: ChatComposerProps) {
  const { t } = useTranslation('ai-chat');
  const [text, setText] = useState('');
  const ready = !disabled && canSendText(text, pending);
  const send = () => {
    if (!ready) return;
    void onSend(text).then((sent) => {
      if (sent) setText('');
    });
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={AI_CHAT_TEXT_MAX}
          disabled={disabled || pending}
          placeholder={t(asSalon ? 'composer.placeholderSalon' : 'composer.placeholder')}
          aria-label={t(asSalon ? 'composer.placeholderSalon' : 'composer.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (
              composerKeyAction({
                key: event.key,
                shiftKey: event.shiftKey,
                isComposing: event.nativeEvent.isComposing,
              }) !== 'send'
            )
              return;
            event.preventDefault();
            send();
          }}
          data-testid="ai-chat-input"
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon
            size="lg"
            onClick={send}
            disabled={!ready}
            loading={pending}
            aria-label={t('composer.send')}
            data-testid="ai-chat-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Switch
          size="xs"
          checked={asSalon}
          onChange={(event) => onAsSalonChange(event.currentTarget.checked)}
          label={t('composer.asSalon')}
          description={t('composer.asSalonHint')}
          data-testid="ai-chat-as-salon"
        />
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('composer.hint')}
        </Text>
      </Group>
    </Stack>
  );
}
