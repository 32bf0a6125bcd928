import { useState } from 'react';
import { ActionIcon, Group, Pill, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface BlacklistFieldProps {
  phones: string[];
  onAdd: (phone: string) => void;
  onRemove: (phone: string) => void;
  readOnly: boolean;
}

// Numbers this template never goes to: digits only, each once (SPEC 5).
export function BlacklistField({ phones, onAdd, onRemove, readOnly }: BlacklistFieldProps) {
  const { t } = useTranslation('templates');
  const [input, setInput] = useState('');
  const add = () => {
    if (input === '') return;
    onAdd(input);
    if (/^\d{5,15}$/.test(input) && !phones.includes(input)) setInput('');
  };
  return (
    <Stack gap="xs">
      <TextInput
        label={t('filters.blacklist')}
        description={t('filters.blacklistHint')}
        placeholder="79991234567"
        inputMode="numeric"
        value={input}
        maxLength={15}
        onChange={(event) => setInput(event.currentTarget.value.replace(/\D/g, ''))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        rightSection={
          <ActionIcon
            variant="subtle"
            onClick={add}
            disabled={readOnly || input === ''}
            aria-label={t('filters.blacklistAdd')}
            data-testid="blacklist-add"
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        }
        data-testid="blacklist-input"
      />
      {phones.length > 0 && (
        <Group gap={6} data-testid="blacklist-phones">
          {phones.map((phone) => (
            <Pill
              key={phone}
              withRemoveButton={!readOnly}
              onRemove={() => onRemove(phone)}
              removeButtonProps={{ 'aria-label': t('filters.blacklistRemove', { phone }) }}
            >
              +{phone}
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}
