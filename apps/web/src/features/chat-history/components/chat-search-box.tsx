import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { charactersMissing, sanitizeChatSearch } from '../chat-search';

interface ChatSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

// SPEC 5: digits or '*', at least 10 characters; the hint says how many are still missing.
export function ChatSearchBox({ value, onChange, onSubmit }: ChatSearchBoxProps) {
  const { t } = useTranslation('chat-history');
  const missing = charactersMissing(value);
  return (
    <TextInput
      label={t('search.label')}
      description={missing > 0 && value.length > 0 ? t('search.missing', { count: missing }) : t('search.hint')}
      placeholder="7999*******"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(sanitizeChatSearch(event.currentTarget.value))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSubmit();
      }}
      inputMode="tel"
      autoComplete="off"
      data-testid="chat-search"
    />
  );
}
