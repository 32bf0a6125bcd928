import { DEFAULT_NIGHT_MESSAGE, type AgentSettings } from '@salon/contract/ai-agents';
import { addDays, localParts, zonedToUtc } from '@salon/contract/zoned-time';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

// The night window `now` falls into, as the instant it started, or null in the daytime (or with night
// mode off). start–end are wall-clock times of the branch's zone; a window may cross midnight
// (21:00–09:00). start = end is no window at all.
export function nightWindowStart(
  schedule: AgentSettings['night_mode_schedule'],
  now: Date,
  timeZone: string,
): Date | null {
  if (!schedule.active) return null;
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end);
  if (start === end) return null;
  const local = localParts(now, timeZone);
  const t = local.hour * 60 + local.minute;
  const at = (daysBack: number) =>
    zonedToUtc({ ...addDays(local, -daysBack), hour: Math.floor(start / 60), minute: start % 60 }, timeZone);
  if (start < end) return t >= start && t < end ? at(0) : null;
  if (t >= start) return at(0);
  if (t < end) return at(1);
  return null;
}

// SPEC 5: an empty night-mode message falls back to the default text.
export function nightMessage(schedule: AgentSettings['night_mode_schedule']): string {
  return schedule.message_text.trim() === '' ? DEFAULT_NIGHT_MESSAGE : schedule.message_text;
}
