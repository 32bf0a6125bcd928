import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconEdit, IconRobot, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_CHAT_TEXT_MAX, type ChatMessage } from '@salon/contract/ai-chat';
import { canSendText } from '../composer-rules';

interface SuggestionCardProps {
  message: ChatMessage;
  pending: boolean;
  // With a text: the edited answer goes instead of the suggestion (state message_edited).
  onSend: (text?: string) => void;
  onDelete: () => void;
  // Buttons are shown only to those who may answer.
  readOnly?: boolean;
}

// Manual mode: the answer the bot suggests waits here until an admin sends, edits or deletes it.
export function SuggestionCard({ message, pending, onSend, onDelete, readOnly = false }: SuggestionCardProps) {
  const { t } = useTranslation('ai-chat');
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.text);
  const edited = text.trim() !== message.text.trim();

  return (
    <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-yellow-light)" data-testid="ai-suggestion">
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconRobot size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {t('suggestion.title')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('suggestion.hint')}
        </Text>
        {editing ? (
          <Textarea
            autosize
            minRows={2}
            maxRows={8}
            maxLength={AI_CHAT_TEXT_MAX}
            label={t('suggestion.editLabel')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
            data-testid="ai-suggestion-text"
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="ai-suggestion-body">
            {message.text}
          </Text>
        )}
        {!readOnly && (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {editing ? (
              <>
                <Button
                  size="xs"
                  variant="default"
                  disabled={pending}
                  onClick={() => {
                    setEditing(false);
                    setText(message.text);
                  }}
                  data-testid="ai-suggestion-cancel"
                >
                  {t('suggestion.cancel')}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} aria-hidden />}
                  loading={pending}
                  disabled={!canSendText(text, pending)}
                  onClick={() => onSend(edited ? text : undefined)}
                  data-testid="ai-suggestion-send-edited"
                >
                  {t('suggestion.sendEdited')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  disabled={pending}
                  onClick={onDelete}
                  data-testid="ai-suggestion-delete"
                >
                  {t('suggestion.delete')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} aria-hidden />}
                  disabled={pending}
                  onClick={() => setEditing(true)}
                  data-testid="ai-suggestion-edit"
                >
                  {t('suggestion.edit')}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} aria-hidden />}
                  loading={pending}
                  onClick={() => onSend()}
                  data-testid="ai-suggestion-send"
                >
                  {t('suggestion.send')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
