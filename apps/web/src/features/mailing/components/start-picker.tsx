import { Button, Group } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/date-field';
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
      <DateField
        label={t('launch.date')}
        value={start.date}
        min={bounds.min}
        max={bounds.max}
        onChange={(day) => {
          if (day) onDate(day);
        }}
        error={error}
        required
        testId="mailing-start-date"
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
