import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../accounts/use-current-branch';
import {
  formatDate,
  formatDateTime,
  formatDayKey,
  formatTime,
  type DateTimeOptions,
  type DateTimeValue,
} from '../lib/datetime';

export interface DateFormat extends DateTimeOptions {
  timeZone: string;
  date: (value: DateTimeValue) => string;
  time: (value: DateTimeValue, seconds?: boolean) => string;
  dateTime: (value: DateTimeValue, seconds?: boolean) => string;
  // A calendar day 'YYYY-MM-DD' (no zone).
  day: (day: string) => string;
}

// Pages outside a branch (the branch list) show the browser's clocks: there is no branch zone yet.
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// The cabinet's date and time formatters bound to the interface language and the current branch's zone.
export function useDateFormat(timeZoneOverride?: string): DateFormat {
  const { i18n } = useTranslation();
  const branch = useCurrentBranch();
  const language = i18n.language;
  const timeZone = timeZoneOverride ?? branch?.timeZone ?? browserZone();
  return useMemo(() => {
    const options = { language, timeZone };
    return {
      ...options,
      date: (value) => formatDate(value, options),
      time: (value, seconds) => formatTime(value, { ...options, seconds }),
      dateTime: (value, seconds) => formatDateTime(value, { ...options, seconds }),
      day: (day) => formatDayKey(day, language),
    };
  }, [language, timeZone]);
}
