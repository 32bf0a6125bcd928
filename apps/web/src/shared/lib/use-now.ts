import { useEffect, useState } from 'react';

// The current time, re-read every `intervalMs` while `active`: countdowns read it instead of
// calling Date.now() during render.
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const id = window.setInterval(tick, intervalMs);
    // Catch up at once when a countdown starts after a pause.
    const first = window.setTimeout(tick, 0);
    return () => {
      window.clearInterval(id);
      window.clearTimeout(first);
    };
  }, [intervalMs, active]);
  return now;
}
