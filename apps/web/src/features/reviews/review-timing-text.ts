import type { TFunction } from 'i18next';
import { timingText, type TimingText } from './review-list-rules';
import type { ReviewListItem } from '@salon/contract/reviews';

type ReviewsT = TFunction<'reviews'>;

function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 2 }).format(hours);
}

// "15 minutes" / "1.5 hours" for the after-the-end choices (SPEC 9).
export function hoursText(hours: number, t: ReviewsT, language: string): string {
  if (hours < 1) return t('timing.minutes', { count: Math.round(hours * 60) });
  return t('timing.hours', { count: hours, value: formatHours(hours, language) });
}

// "today", "yesterday", "3 days ago" for the daily notification's day options (SPEC 9).
export function dayOptionText(day: number, t: ReviewsT): string {
  if (day === 0) return t('timing.today');
  if (day === -1) return t('timing.yesterday');
  return t('timing.daysAgo', { count: Math.abs(day) });
}

// The list's one-line "when" of a chain.
export function chainTimingText(timing: ReviewListItem['timing'], t: ReviewsT, language: string): string {
  const text: TimingText = timingText(timing);
  switch (text.key) {
    case 'afterEndMinutes':
    case 'afterEndHours':
      return t('timing.afterEnd', { when: hoursText(timing.after_end ?? 0, t, language) });
    case 'dailyToday':
    case 'dailyYesterday':
    case 'dailyDaysAgo':
      return t('timing.daily', {
        day: dayOptionText(timing.all_day_recs_notifications?.day ?? 0, t).toLocaleLowerCase(language),
        time: text.time,
      });
    default:
      return t('timing.none');
  }
}
