import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseLocalDate } from '@salon/contract/local-crm';
import { DateField } from '../../../shared/ui/date-field';
import { shiftDay } from '../dev-crm-rules';

interface DayNavProps {
  day: string;
  today: string;
  onDay: (day: string) => void;
}

// The day shown: back, a date field, forward, and today.
export function DayNav({ day, today, onDay }: DayNavProps) {
  const { t } = useTranslation('dev-crm');
  return (
    <Group gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap" style={{ flex: '0 1 auto', minWidth: 0 }}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('day.previous')}
          onClick={() => onDay(shiftDay(day, -1))}
          data-testid="crm-day-previous"
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <DateField
          aria-label={t('day.date')}
          value={day}
          onChange={(value) => {
            if (parseLocalDate(value)) onDay(value);
          }}
          style={{ flex: '1 1 auto', minWidth: 0, width: 170 }}
          testId="crm-day-input"
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('day.next')}
          onClick={() => onDay(shiftDay(day, 1))}
          data-testid="crm-day-next"
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Button variant="default" onClick={() => onDay(today)} disabled={day === today} data-testid="crm-day-today">
        {t('day.today')}
      </Button>
    </Group>
  );
}
