import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendarClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDayKey, maskDateTimeText, parseDateTimeText } from '../lib/datetime';
import { useTypedText } from './use-typed-text';

type DateTimeFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'onBlur'> & {
  // A wall time 'YYYY-MM-DDTHH:MM' or '' (none).
  value: string;
  onChange: (value: string) => void;
  testId?: string;
};

// A day and a 24-hour time in one field ('26.11.2026 14:05' / '11/26/2026 14:05'), in place of the
// browser's datetime-local input, which follows the browser's locale. An ISO '2026-11-26T14:05' is taken too.
export function DateTimeField({ value, onChange, testId, ...rest }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shown = value.length >= 16 ? `${formatDayKey(value.slice(0, 10), language)} ${value.slice(11, 16)}` : value;
  const { text, setTyped, reset } = useTypedText(shown);
  return (
    <TextInput
      leftSection={<IconCalendarClock size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      placeholder={`${datePattern(language)} 00:00`}
      {...rest}
      value={text}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        const iso = parseDateTimeText(raw, language);
        if (iso !== null && raw.includes('-')) {
          reset();
          if (iso !== value) onChange(iso);
          return;
        }
        const next = maskDateTimeText(raw, language);
        setTyped(next);
        const parsed = parseDateTimeText(next, language);
        if (parsed !== null && parsed !== value) onChange(parsed);
      }}
      onBlur={reset}
      data-testid={testId}
    />
  );
}
