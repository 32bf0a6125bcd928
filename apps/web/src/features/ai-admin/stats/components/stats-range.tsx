import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../../../../shared/lib/day-range';
import { DayRangeFilter } from '../../../../shared/ui/day-range-filter';
import type { GroupBy } from '../api/get-ai-stats';
import { STATS_SHORTCUTS, shortcutOf, shortcutRange } from '../stats-range-rules';

interface StatsRangeProps {
  range: DayRange;
  today: string;
  groupBy: GroupBy;
  onRange: (range: DayRange) => void;
  onGroupBy: (groupBy: GroupBy) => void;
}

// The period (typed days or a SPEC 9 shortcut) and the grouping of the statistics.
export function StatsRange({ range, today, groupBy, onRange, onGroupBy }: StatsRangeProps) {
  const { t } = useTranslation('ai-stats');
  return (
    <DayRangeFilter
      range={range}
      onChange={onRange}
      shortcuts={STATS_SHORTCUTS.map((id) => ({
        id,
        label: t(`range.shortcut.${id}`),
        range: shortcutRange(id, today),
      }))}
      selected={shortcutOf(range, today)}
      max={today}
      labels={{ from: t('range.from'), to: t('range.to'), shortcuts: t('range.shortcuts') }}
      testIds={{
        root: 'ai-stats-range',
        from: 'ai-stats-from',
        to: 'ai-stats-to',
        shortcuts: 'ai-stats-shortcuts',
        shortcut: (id) => `ai-stats-shortcut-${id}`,
      }}
    >
      <SegmentedControl
        value={groupBy}
        onChange={(value) => onGroupBy(value === 'week' ? 'week' : 'day')}
        data={[
          { value: 'day', label: t('range.byDay') },
          { value: 'week', label: t('range.byWeek') },
        ]}
        aria-label={t('range.groupBy')}
        data-testid="ai-stats-group-by"
      />
    </DayRangeFilter>
  );
}
