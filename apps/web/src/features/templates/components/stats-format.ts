import { localeOf } from '../../../shared/i18n/format-date-time';
import { percent } from '../template-stats-rules';

export function formatCount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

export function formatPercent(rate: number, language: string | undefined): string {
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(percent(rate))}%`;
}

// A calendar day (YYYY-MM-DD or a moment) in the user's language.
export function formatDay(value: string, language: string | undefined, short = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(
    localeOf(language),
    short ? { day: '2-digit', month: '2-digit' } : { day: '2-digit', month: '2-digit', year: 'numeric' },
  ).format(date);
}

export function formatMonth(value: string, language: string | undefined): string {
  const match = /^(\d{4})-(\d{2})/.exec(value);
  if (!match) return value;
  return new Intl.DateTimeFormat(localeOf(language), { month: 'short', year: 'numeric' }).format(
    new Date(Number(match[1]), Number(match[2]) - 1, 1),
  );
}
