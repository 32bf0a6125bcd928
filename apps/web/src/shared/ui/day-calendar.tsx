import { useState } from 'react';
import { ActionIcon, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateTimeLanguage, formatDayKey, formatMonthKey, formatWeekday } from '../lib/datetime';

interface DayCalendarProps {
  // 'YYYY-MM-DD' shown as chosen, and the month opened first.
  value: string;
  // The month opened when there is no value ('YYYY-MM-DD').
  initial: string;
  min?: string | undefined;
  max?: string | undefined;
  onPick: (day: string) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const key = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

// A month grid in the interface language; weeks start on Monday in ru and on Sunday in en.
export function DayCalendar({ value, initial, min, max, onPick }: DayCalendarProps) {
  const { t, i18n } = useTranslation();
  const start = (value || initial).slice(0, 7);
  const [month, setMonth] = useState(start);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const shift = (by: number) => {
    const d = new Date(Date.UTC(y, m - 1 + by, 1));
    setMonth(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`);
  };
  const mondayFirst = dateTimeLanguage(i18n.language) === 'ru';
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const blanks = mondayFirst ? (firstWeekday + 6) % 7 : firstWeekday;
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // 2024-01-01 is a Monday, 2023-12-31 a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    formatWeekday(mondayFirst ? key(2024, 1, 1 + i) : i === 0 ? '2023-12-31' : key(2024, 1, i), i18n.language),
  );

  return (
    <div data-testid="day-calendar">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t('dateField.previousMonth')} onClick={() => shift(-1)}>
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Text size="sm" fw={600} tt="capitalize">
          {formatMonthKey(month, i18n.language)}
        </Text>
        <ActionIcon variant="subtle" aria-label={t('dateField.nextMonth')} onClick={() => shift(1)}>
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
        {weekdays.map((name) => (
          <Text key={name} size="xs" c="dimmed" ta="center">
            {name}
          </Text>
        ))}
        {Array.from({ length: blanks }, (_, i) => (
          <span key={`blank-${i}`} />
        ))}
        {Array.from({ length }, (_, i) => {
          const day = key(y, m, i + 1);
          const disabled = (min !== undefined && day < min) || (max !== undefined && day > max);
          const chosen = day === value;
          return (
            <UnstyledButton
              key={day}
              disabled={disabled}
              onClick={() => onPick(day)}
              aria-label={formatDayKey(day, i18n.language)}
              aria-pressed={chosen}
              data-day={day}
              style={{
                textAlign: 'center',
                padding: '4px 0',
                borderRadius: 4,
                fontSize: 13,
                opacity: disabled ? 0.35 : 1,
                cursor: disabled ? 'default' : 'pointer',
                background: chosen ? 'var(--mantine-primary-color-filled)' : undefined,
                color: chosen ? 'var(--mantine-color-white)' : undefined,
              }}
            >
              {i + 1}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
