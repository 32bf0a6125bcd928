import { useState } from 'react';
import { ActionIcon, Group, Pill, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { entryInput, isValidEntry, type EntryListField } from '../review-chain-rules';

interface EntryListFieldProps {
  field: EntryListField;
  label: string;
  description: string;
  placeholder: string;
  entries: string[];
  // Answers true when the entry was taken (an invalid one is refused, a duplicate ignored).
  onAdd: (value: string) => boolean;
  onRemove: (value: string) => void;
  error?: string | undefined;
  testId: string;
}

// A list of numbers or Telegram ids typed one by one (SPEC 5: digits only, a minus for Telegram
// group chats, duplicates ignored). Enter or the plus button adds.
export function EntryListField({
  field,
  label,
  description,
  placeholder,
  entries,
  onAdd,
  onRemove,
  error,
  testId,
}: EntryListFieldProps) {
  const { t } = useTranslation('reviews');
  const [input, setInput] = useState('');
  const add = () => {
    if (input === '' || input === '-') return;
    if (onAdd(input)) setInput('');
  };
  const invalid = input !== '' && input !== '-' && input.replace('-', '').length >= 5 && !isValidEntry(field, input);
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        inputMode={field === 'tgAlerts' ? 'text' : 'numeric'}
        value={input}
        maxLength={16}
        onChange={(event) => setInput(entryInput(field, event.currentTarget.value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        error={
          error ?? (invalid ? t(field === 'tgAlerts' ? 'errors.invalid_tg_id' : 'errors.invalid_phone') : undefined)
        }
        rightSection={
          <ActionIcon
            variant="subtle"
            onClick={add}
            disabled={input === '' || input === '-'}
            aria-label={t('lists.add', { label })}
            data-testid={`${testId}-add`}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        }
        data-testid={`${testId}-input`}
      />
      {entries.length > 0 && (
        <Group gap={6} data-testid={`${testId}-entries`}>
          {entries.map((entry) => (
            <Pill
              key={entry}
              withRemoveButton
              onRemove={() => onRemove(entry)}
              removeButtonProps={{ 'aria-label': t('lists.remove', { value: entry }) }}
            >
              {field === 'tgAlerts' ? entry : `+${entry}`}
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}
