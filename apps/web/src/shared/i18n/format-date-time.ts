import type { Language } from '@salon/contract/constants';
import { isLanguage } from './language';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

// The Intl locale of the interface language, for numbers. Dates and times go through
// shared/lib/datetime (useDateFormat): one format, on the branch's clocks.
export function localeOf(language: string | undefined): string {
  return LOCALES[isLanguage(language) ? language : 'ru'];
}
