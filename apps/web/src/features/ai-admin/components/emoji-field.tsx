import { useState } from 'react';
import { Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_EMOJI_MAX } from '@salon/contract/ai-agents';
import { addEmojis } from '../ai-settings-rules';

interface EmojiFieldProps {
  value: readonly string[];
  onChange: (list: string[]) => void;
}

// SPEC 5: typed or pasted emojis are split by visible character into removable chips.
export function EmojiField({ value, onChange }: EmojiFieldProps) {
  const { t } = useTranslation('ai-admin');
  const [typed, setTyped] = useState('');
  const full = value.length >= AI_EMOJI_MAX;
  const add = () => {
    const next = addEmojis(value, typed);
    if (next.length !== value.length) onChange(next);
    setTyped('');
  };
  return (
    <Stack gap="xs" data-testid="ai-emoji">
      <Group align="flex-end" gap="sm">
        <TextInput
          style={{ flex: '1 1 220px' }}
          label={t('settings.emoji.label')}
          description={t('settings.emoji.hint', { max: AI_EMOJI_MAX })}
          placeholder="😊🌸✨"
          value={typed}
          disabled={full}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          data-testid="ai-emoji-input"
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={full || typed.trim() === ''}
          data-testid="ai-emoji-add"
        >
          {t('settings.emoji.add')}
        </Button>
      </Group>
      {value.length > 0 ? (
        <Group gap={6} data-testid="ai-emoji-chips">
          {value.map((emoji) => (
            <Pill
              key={emoji}
              size="lg"
              withRemoveButton
              onRemove={() => onChange(value.filter((e) => e !== emoji))}
              removeButtonProps={{ 'aria-label': t('settings.emoji.remove', { emoji }) }}
              data-testid="ai-emoji-chip"
            >
              {emoji}
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed" data-testid="ai-emoji-empty">
          {t('settings.emoji.empty')}
        </Text>
      )}
    </Stack>
  );
}
