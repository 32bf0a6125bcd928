import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_STATS_BASELINE } from '@salon/contract/templates-rules';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { DateField } from '../../../shared/ui/date-field';
import { branchToday, isIsoDate, type StatsRange } from '../template-stats-rules';

interface StatsRangePickerProps {
  range: StatsRange;
  now: Date;
  onChange: (range: StatsRange) => void;
  onReset: () => void;
}

// Date range of the statistics: from the 2020-01-01 baseline up to today by default (SPEC 9).
export function StatsRangePicker({ range, now, onChange, onReset }: StatsRangePickerProps) {
  const { t } = useTranslation('templates');
  const { timeZone } = useDateFormat();
  const today = branchToday(now, timeZone);
  const isDefault = range.from === TEMPLATE_STATS_BASELINE && (range.open === true || range.to === today);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="stats-range">
      <DateField
        label={t('stats.from')}
        value={range.from}
        min={TEMPLATE_STATS_BASELINE}
        max={range.to}
        onChange={(from) => {
          // A start after the end moves the end too; otherwise an open end stays open.
          if (isIsoDate(from)) onChange(from > range.to ? { from, to: from } : { ...range, from });
        }}
        w={{ base: '100%', xs: 190 }}
        testId="stats-from"
      />
      <DateField
        label={t('stats.to')}
        value={range.to}
        min={range.from}
        max={today}
        onChange={(to) => {
          if (isIsoDate(to)) onChange({ from: to < range.from ? to : range.from, to });
        }}
        w={{ base: '100%', xs: 190 }}
        testId="stats-to"
      />
      {!isDefault && (
        <Button variant="subtle" onClick={onReset} data-testid="stats-reset">
          {t('stats.allTime')}
        </Button>
      )}
    </Group>
  );
}
