import { Button, Group, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WallTime } from '../mailing-time-rules';
import { TimeField } from './time-field';

interface StartPickerProps {
  start: WallTime;
  bounds: { min: string; max: string };
  error: string | undefined;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onCalendar: () => void;
}

// A scheduled start on the branch's clocks: the date (today to 60 days ahead), the time on 5-minute
// steps, and the calendar with the other send-outs.
export function StartPicker({ start, bounds, error, onDate, onTime, onCalendar }: StartPickerProps) {
  const { t } = useTranslation('mailing');
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={t('launch.date')}
        value={start.date}
        min={bounds.min}
        max={bounds.max}
        onChange={(event) => {
          if (event.currentTarget.value) onDate(event.currentTarget.value);
        }}
        error={error}
        required
        data-testid="mailing-start-date"
      />
      <TimeField label={t('launch.time')} value={start.time} onCommit={onTime} testId="mailing-start-time" />
      <Button
        variant="light"
        leftSection={<IconCalendar size={16} aria-hidden />}
        onClick={onCalendar}
        mt={{ base: 0, xs: 25 }}
        data-testid="mailing-calendar-open"
      >
        {t('launch.calendar')}
      </Button>
    </Group>
  );
}
