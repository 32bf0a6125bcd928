import type { Language } from '@salon/contract/constants';
import { isLanguage } from './language';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

export function localeOf(language: string | undefined): string {
  return LOCALES[isLanguage(language) ? language : 'ru'];
}

// A moment in the user's language and the browser's time zone; the raw text if it is not a date.
export function formatDateTime(
  value: string | number | Date,
  language: string | undefined,
  withSeconds = false,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'short',
    timeStyle: withSeconds ? 'medium' : 'short',
  }).format(date);
}

export function formatTime(value: string | number | Date, language: string | undefined): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(date);
}
