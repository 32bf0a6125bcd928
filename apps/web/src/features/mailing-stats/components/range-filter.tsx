import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../shared/ui/day-range-filter';
import { RANGE_SHORTCUTS, shortcutOf, shortcutRange, type DayRange } from '../date-range-rules';

interface RangeFilterProps {
  range: DayRange;
  now: Date;
  // The address names no dates: the default range (SPEC 9) is on.
  isDefault: boolean;
  onChange: (range: DayRange) => void;
  onReset: () => void;
}

// The period of the statistics: typed days plus the SPEC 9 shortcuts.
export function RangeFilter({ range, now, isDefault, onChange, onReset }: RangeFilterProps) {
  const { t } = useTranslation('mailing-stats');
  return (
    <DayRangeFilter
      range={range}
      onChange={onChange}
      shortcuts={RANGE_SHORTCUTS.map((id) => ({
        id,
        label: t(`range.shortcut.${id}`),
        range: shortcutRange(id, now),
      }))}
      selected={isDefault ? null : shortcutOf(range, now)}
      labels={{ from: t('range.from'), to: t('range.to'), shortcuts: t('range.shortcuts') }}
      testIds={{
        root: 'stats-range',
        from: 'stats-date-start',
        to: 'stats-date-end',
        shortcuts: 'stats-range-shortcuts',
        shortcut: (id) => `stats-range-${id}`,
      }}
    >
      {!isDefault && (
        <Button variant="subtle" onClick={onReset} data-testid="stats-range-reset">
          {t('range.reset')}
        </Button>
      )}
    </DayRangeFilter>
  );
}
