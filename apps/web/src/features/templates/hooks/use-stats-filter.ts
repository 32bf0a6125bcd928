import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { StatsGroupBy } from '@salon/contract/templates-rules';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { readGroupBy, readStatsRange, type StatsRange } from '../template-stats-rules';

// The statistics filter lives in the address (?from&to&group_by) next to accId and id.
export function useStatsFilter() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date());
  // The default end is the branch's today, on its clocks.
  const { timeZone } = useDateFormat();
  const range = readStatsRange(params, now, timeZone);
  const groupBy = readGroupBy(params);

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    now,
    range,
    groupBy,
    setRange: (next: StatsRange) => update({ from: next.from, to: next.open ? null : next.to }),
    resetRange: () => update({ from: null, to: null }),
    setGroupBy: (next: StatsGroupBy) => update({ group_by: next === 'week' ? null : next }),
  };
}
