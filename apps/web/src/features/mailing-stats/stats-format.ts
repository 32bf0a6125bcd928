import { localeOf } from '../../shared/i18n/format-date-time';
import { formatDayKey } from '../../shared/lib/datetime';

// Numbers and the branch's local days/times of the statistics in the user's language. The wire's
// instants carry the branch's offset; their date and time parts are shown as written (the salon's
// clock), never moved into the browser's zone.

export function formatCount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 }).format(value);
}

// Conversions come as percentages 0..100 with up to 2 decimals (SPEC 3 percent_read,
// conversion_answers, conversion_sign_up); one decimal is enough on screen.
export function formatPercent(value: number, language: string | undefined): string {
  const safe = Number.isFinite(value) ? value : 0;
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(safe);
  return `${number}%`;
}

// A median (visits, days since the last visit): null when the list had no CRM data.
export function formatMedian(value: number | null, language: string | undefined): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// YYYY-MM-DD in the cabinet's date format (26.11.2026 / 11/26/2026); '—' when there is none.
export function formatDay(day: string, language: string | undefined): string {
  if (!DAY.test(day)) return day || '—';
  return formatDayKey(day, language);
}

// HH:MM stays 24-hour in both languages (the cabinet's one time format).
export function formatClock(time: string, _language?: string): string {
  return time;
}

// A day and a time of the wire's split instant; '—' when the moment is missing.
export function formatDayTime(day: string, time: string, language: string | undefined): string {
  if (!day) return '—';
  return time ? `${formatDay(day, language)} ${formatClock(time, language)}` : formatDay(day, language);
}

// A local instant of the wire ('2026-03-05T14:30:00+03:00') by its written day and time.
export function formatLocalInstant(value: string | null, language: string | undefined): string {
  if (!value) return '—';
  return formatDayTime(value.slice(0, 10), value.slice(11, 16), language);
}

// The message column shows the start of the text on one line.
export const EXCERPT_LENGTH = 80;
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

// A phone of digits as +digits (the lists keep digits only).
export function formatPhone(phone: string): string {
  return /^\d+$/.test(phone) ? `+${phone}` : phone;
}
