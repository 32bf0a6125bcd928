import { expect, type Page } from '@playwright/test';
import { authHeaders } from './session-token.js';

// The server's adjustable clock (DEV_CLOCK=adjustable): GET/POST /api/dev/clock, with the signed-in
// tab's session (reading needs one; moving it needs an owner of some branch: the clock is global).
// The clock only moves forward and is shared by every spec of a run, so read it, never assume it.
export async function serverNow(page: Page): Promise<Date> {
  const answer = await page.request.get('/api/dev/clock', { headers: await authHeaders(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return new Date(((await answer.json()) as { now: string }).now);
}

// Moves the clock to `at` (if it is not there yet); the server then runs the due work at once.
export async function advanceClockTo(page: Page, at: Date): Promise<void> {
  const advance = at.getTime() - (await serverNow(page)).getTime();
  if (advance <= 0) return;
  const answer = await page.request.post('/api/dev/clock', {
    headers: await authHeaders(page),
    data: { advance_ms: Math.ceil(advance) },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

function parts(at: Date, timeZone: string) {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

// The calendar day `days` after the day of `at` on the zone's clocks.
export function localDayAfter(at: Date, timeZone: string, days: number): LocalDate {
  const p = parts(at, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// The instant the zone's clocks show `hour:minute` on `date`.
export function zonedInstant(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const p = parts(new Date(wall), timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wall;
  return new Date(wall - offset);
}

const pad = (n: number) => String(n).padStart(2, '0');

// 'YYYY-MM-DDTHH:mm', as a datetime-local field takes it.
export function localDateTime(date: LocalDate, hour: number, minute: number): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(hour)}:${pad(minute)}`;
}
