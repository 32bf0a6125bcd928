import { useState } from 'react';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDayKey, isDayKey, maskDayText, parseDayText, zonedDayKey } from '../lib/datetime';
import { DayCalendar } from './day-calendar';
import { useTypedText } from './use-typed-text';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'onBlur' | 'min' | 'max'> & {
  // 'YYYY-MM-DD' or '' (none).
  value: string;
  // Called with a valid day inside the bounds, or with '' when the field is emptied.
  onChange: (day: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  // The month the calendar opens on when there is no value ('YYYY-MM-DD'); today by default.
  initialDay?: string;
  testId?: string;
};

const todayKey = () => zonedDayKey(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '';
const clampDay = (day: string, min?: string, max?: string) =>
  min !== undefined && day < min ? min : max !== undefined && day > max ? max : day;

// A calendar-day field in the interface language's pattern (26.11.2026 / 11/26/2026) with a month
// picker: the browser's own date input follows the browser's locale, not the interface's.
// A pasted ISO day (2026-11-26) is taken too.
export function DateField({ value, onChange, min, max, initialDay, testId, disabled, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { text, setTyped, reset } = useTypedText(value ? formatDayKey(value, language) : '');
  const [opened, setOpened] = useState(false);
  const inBounds = (day: string) => (min === undefined || day >= min) && (max === undefined || day <= max);
  const emit = (day: string) => {
    if (day !== value) onChange(day);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <TextInput
          inputMode="numeric"
          autoComplete="off"
          placeholder={datePattern(language)}
          w={160}
          {...rest}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            const raw = event.currentTarget.value.trim();
            if (/^\d{4}-\d{2}-\d{2}$/.test(raw) && isDayKey(raw)) {
              reset();
              if (inBounds(raw)) emit(raw);
              return;
            }
            const next = maskDayText(raw, language);
            setTyped(next);
            if (next === '') return;
            const day = parseDayText(next, language);
            if (day !== null && inBounds(day)) emit(day);
          }}
          onBlur={() => {
            if (text === '' && value !== '') emit('');
            reset();
          }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label={t('dateField.open')}
              onClick={() => setOpened((o) => !o)}
              data-testid={testId ? `${testId}-calendar` : undefined}
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          }
          data-testid={testId}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" w={260}>
        <DayCalendar
          value={value}
          initial={initialDay ?? clampDay(todayKey(), min, max)}
          min={min}
          max={max}
          onPick={(day) => {
            setOpened(false);
            reset();
            emit(day);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
