import { addDays, localParts, zonedToUtc } from '@salon/contract/zoned-time';

export interface SendingWindow {
  // Local times 'HH:MM'; from > to means the window runs over midnight.
  from: string;
  to: string;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

// When a message due at `at` may leave: `at` itself inside the window, else the next opening of
// the window in the branch's zone. A null window means any time.
export function nextAllowed(at: Date, window: SendingWindow | null, timeZone: string): Date {
  if (!window) return at;
  const from = minutes(window.from);
  const to = minutes(window.to);
  if (from === to) return at;
  const local = localParts(at, timeZone);
  const now = local.hour * 60 + local.minute;
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (inside) return at;
  const opensToday = now < from;
  const day = opensToday ? local : addDays(local, 1);
  return zonedToUtc({ ...day, hour: Math.floor(from / 60), minute: from % 60 }, timeZone);
}
