import type { TFunction } from 'i18next';
import { CONSENT_KINDS, EVENT_KINDS, type ConsentKind, type EventKind } from '@salon/contract/templates-rules';
import type { Duration, SendTimeWords } from '../template-list-rules';

// "1 д 2 ч 15 мин" from an offset; zero parts are left out.
export function durationText(duration: Duration, t: TFunction<'templates'>): string {
  const parts: string[] = [];
  if (duration.days > 0) parts.push(t('duration.days', { count: duration.days }));
  if (duration.hours > 0) parts.push(t('duration.hours', { count: duration.hours }));
  if (duration.minutes > 0 || parts.length === 0) parts.push(t('duration.minutes', { count: duration.minutes }));
  return parts.join(' ');
}

// "За 1 ч до визита", "В день визита в 10:00", "При создании записи" (SPEC 3 List item time/event).
export function sendTimeText(words: SendTimeWords, t: TFunction<'templates'>): string {
  switch (words.kind) {
    case 'offset':
      return t(`when.${words.category}`, { offset: durationText(words.duration, t) });
    case 'day':
      return words.time
        ? t(`when.${words.category}.${words.day}`, { time: words.time })
        : t(`when.${words.category}.${words.day}NoTime`);
    case 'event':
      return (EVENT_KINDS as readonly string[]).includes(words.event)
        ? t(`eventKinds.${words.event as EventKind}`)
        : words.event;
    case 'consent':
      return (CONSENT_KINDS as readonly string[]).includes(words.event)
        ? t(`consentKinds.${words.event as ConsentKind}`)
        : words.event;
    case 'unknown':
      return t('when.unknown');
  }
}
