import type { ReviewListItem } from '@salon/contract/reviews';

// The list of chains (GET /all_reviews) and the local changes SPEC 4 asks for.

// When the first step goes out, as a translation key of reviews:timing with its values.
export type TimingText =
  | { key: 'afterEndMinutes'; count: number }
  | { key: 'afterEndHours'; count: number }
  | { key: 'dailyToday' | 'dailyYesterday'; time: string }
  | { key: 'dailyDaysAgo'; count: number; time: string }
  | { key: 'none' };

export function timingText(timing: ReviewListItem['timing']): TimingText {
  if (timing.after_end !== null) {
    const hours = timing.after_end;
    return hours < 1
      ? { key: 'afterEndMinutes', count: Math.round(hours * 60) }
      : { key: 'afterEndHours', count: hours };
  }
  const daily = timing.all_day_recs_notifications;
  if (!daily) return { key: 'none' };
  if (daily.day === 0) return { key: 'dailyToday', time: daily.time };
  if (daily.day === -1) return { key: 'dailyYesterday', time: daily.time };
  return { key: 'dailyDaysAgo', count: Math.abs(daily.day), time: daily.time };
}

// SPEC 4: switching a chain off turns its middle steps off too.
export function setChainActive(items: readonly ReviewListItem[], id: number, active: boolean): ReviewListItem[] {
  return items.map((item) =>
    item.id !== id
      ? item
      : { ...item, active, middle_active: active ? item.middle_active : item.middle_active.map(() => false) },
  );
}

// SPEC 4: after a delete the list updates locally (no reload).
export function withoutChain(items: readonly ReviewListItem[], id: number): ReviewListItem[] {
  return items.filter((item) => item.id !== id);
}

// The list in its saved order (`order`), items the order does not name at the end.
export function orderedItems(items: readonly ReviewListItem[], order: readonly number[]): ReviewListItem[] {
  const position = new Map(order.map((id, index) => [id, index]));
  return [...items].sort(
    (a, b) => (position.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
