import { localeOf } from '../../../shared/i18n/format-date-time';
import { formatDayKey, formatMonthKey, isDayKey } from '../../../shared/lib/datetime';
import { percent } from '../template-stats-rules';

export function formatCount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

export function formatPercent(rate: number, language: string | undefined): string {
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(percent(rate))}%`;
}

// A calendar day (YYYY-MM-DD) in the cabinet's date format; `short` drops the year (26.11 / 11/26).
export function formatDay(value: string, language: string | undefined, short = false): string {
  const day = value.slice(0, 10);
  if (!isDayKey(day)) return value;
  const text = formatDayKey(day, language);
  return short ? text.slice(0, 5) : text;
}

export function formatMonth(value: string, language: string | undefined): string {
  return formatMonthKey(value, language, true);
}
