import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maskDateInput, parseTypedDate, typedDate } from '../date-range-rules';

interface DateFieldProps {
  label: string;
  // YYYY-MM-DD shown when nothing is being typed.
  value: string;
  onCommit: (day: string) => void;
  testId: string;
}

// A day typed as dd.mm.yyyy (SPEC 5: digits and dots, the dots come by themselves). A whole real day
// is applied at once; a half-typed one waits, and leaving the field puts the last good day back.
export function DateField({ label, value, onCommit, testId }: DateFieldProps) {
  const { t } = useTranslation('mailing-stats');
  const [text, setText] = useState(() => typedDate(value));
  // The day changed from outside (a shortcut, back/forward): show it (adjusted while rendering).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(typedDate(value));
  }
  const incomplete = text !== '' && parseTypedDate(text) === null;

  return (
    <TextInput
      label={label}
      placeholder={t('range.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      onChange={(event) => {
        const next = maskDateInput(event.currentTarget.value, text);
        setText(next);
        const day = parseTypedDate(next);
        if (day !== null && day !== value) onCommit(day);
      }}
      onBlur={() => {
        if (incomplete) setText(typedDate(value));
      }}
      error={incomplete && text.length === 10 ? t('range.invalid') : undefined}
      w={{ base: '100%', xs: 150 }}
      data-testid={testId}
    />
  );
}
