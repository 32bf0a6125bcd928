import { localParts } from '@salon/contract/zoned-time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// An instant as the wire's stats date-times carry it: ISO 8601 with the branch's offset at that
// instant ('2026-03-05T14:30:00+03:00'), so its first characters are the local day and time.
export function localInstant(value: Date | string | null, timeZone: string): string | null {
  if (value === null) return null;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offsetMin = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return (
    `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
