import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../shared/ui/day-range-filter';
import { PERIOD_SHORTCUTS, shortcutOfPeriod, shortcutPeriod, type DayRange } from '../dashboard-period';

interface PeriodFilterProps {
  period: DayRange;
  // The branch's today: the last day that may be picked, and the end of every shortcut.
  today: string;
  onChange: (period: DayRange) => void;
}

// The whole page's period: two typed (or picked) days and the shortcuts, "all time" by default (SPEC 9).
export function PeriodFilter({ period, today, onChange }: PeriodFilterProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DayRangeFilter
      range={period}
      onChange={onChange}
      shortcuts={PERIOD_SHORTCUTS.map((id) => ({
        id,
        label: t(`period.shortcut.${id}`),
        range: shortcutPeriod(id, today),
      }))}
      selected={shortcutOfPeriod(period, today)}
      max={today}
      labels={{ from: t('period.from'), to: t('period.to'), shortcuts: t('period.shortcuts') }}
      testIds={{
        root: 'dashboard-period',
        from: 'dashboard-date-start',
        to: 'dashboard-date-end',
        shortcuts: 'dashboard-period-shortcuts',
        shortcut: (id) => `dashboard-period-${id}`,
      }}
    />
  );
}
