import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { nextStatsSearch, readStatsView, type StatsPatch } from '../stats-query-rules';

// The statistics table's state, read from the address on every render (so back/forward and a
// reload restore it) and written back to it. A change of what is shown adds a history entry; the
// search text and corrections of the page replace the current one.
export function useStatsView() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date());
  const view = readStatsView(params, now);
  const update = (patch: StatsPatch, replace = false) =>
    setParams(
      () => {
        // React Router hands the updater the last render's parameters: two changes before a render
        // would drop the first. The address itself is always the latest.
        const current = new URLSearchParams(window.location.search);
        return nextStatsSearch(current, readStatsView(current, now), patch);
      },
      { replace },
    );
  return { view, now, update };
}
