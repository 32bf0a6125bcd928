import { DEFAULT_SENDING_WINDOW, minutesOfDay, type SendingWindow } from '@salon/contract/mailing-plan-rules';
import { addDays, type LocalParts, localDay, zonedToUtc } from '@salon/contract/zoned-time';

// One opening of a branch's sending window, in its IANA zone. `day` names the sending day: the local
// date on which the window opens (ours: a window over midnight belongs to the evening it opens on).
export interface WindowOpening {
  day: string;
  open: Date;
  close: Date;
}

// The branch's window from system messages; none configured means SPEC 9's default '00:00'–'23:00'.
export function effectiveWindow(window: SendingWindow | null | undefined): SendingWindow {
  return window ?? DEFAULT_SENDING_WINDOW;
}

export function parseDay(day: string): LocalParts {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date, hour: 0, minute: 0 };
}

export function formatDay(p: LocalParts): string {
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function shiftDay(day: string, days: number): string {
  return formatDay(addDays(parseDay(day), days));
}

// The window's opening on a given sending day. Wall times go through the zone, so a DST change inside
// the window makes it an hour shorter or longer; an opening inside a DST gap moves to the gap's end.
export function windowOn(day: string, window: SendingWindow, timeZone: string): WindowOpening {
  const date = parseDay(day);
  const from = minutesOfDay(window.from);
  const to = minutesOfDay(window.to);
  const open = zonedToUtc({ ...date, hour: Math.floor(from / 60), minute: from % 60 }, timeZone);
  // from = to: the whole day; from > to: closes on the next date.
  const closeDate = to > from ? date : addDays(date, 1);
  const close = zonedToUtc({ ...closeDate, hour: Math.floor(to / 60), minute: to % 60 }, timeZone);
  return { day, open, close };
}

// The first opening still open at `at` (at inside it) or opening after it. Openings a DST gap leaves
// empty are skipped.
export function openingAtOrAfter(at: Date, window: SendingWindow, timeZone: string): WindowOpening {
  // The opening of the previous local date may still be open (a window over midnight).
  let day = shiftDay(localDay(at, timeZone), -1);
  for (;;) {
    const w = windowOn(day, window, timeZone);
    if (w.close.getTime() > w.open.getTime() && w.close.getTime() > at.getTime()) return w;
    day = shiftDay(day, 1);
  }
}

// The first non-empty opening on a sending day after this one.
export function nextOpening(after: WindowOpening, window: SendingWindow, timeZone: string): WindowOpening {
  let day = shiftDay(after.day, 1);
  for (;;) {
    const w = windowOn(day, window, timeZone);
    if (w.close.getTime() > w.open.getTime()) return w;
    day = shiftDay(day, 1);
  }
}

export function isInsideWindow(at: Date, window: SendingWindow, timeZone: string): boolean {
  const w = openingAtOrAfter(at, window, timeZone);
  return w.open.getTime() <= at.getTime();
}
