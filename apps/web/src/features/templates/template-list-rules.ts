import {
  DAY_OPTIONS,
  isDayCategory,
  isOffsetCategory,
  splitOffset,
  type TemplateCategory,
  type TemplateKind,
} from '@salon/contract/templates-rules';
import type { TemplateListItem } from '@salon/contract/templates';

// The tabs of /template_list (SPEC 2); 'statistic' is a page of its own.
export const TEMPLATE_LIST_VIEWS = ['all', 'event', 'time', 'consent'] as const;
export type TemplateListView = (typeof TEMPLATE_LIST_VIEWS)[number];

export interface TemplateLists {
  tm: TemplateListItem[];
  em: TemplateListItem[];
}

export interface TemplateGroup {
  kind: TemplateKind;
  items: TemplateListItem[];
}

// What a tab shows, in the server's order. Event and consent templates share the em order.
export function groupsOfView(lists: TemplateLists, view: TemplateListView): TemplateGroup[] {
  switch (view) {
    case 'all':
      return [
        { kind: 'tm', items: lists.tm },
        { kind: 'em', items: lists.em },
      ];
    case 'time':
      return [{ kind: 'tm', items: lists.tm }];
    case 'event':
      return [{ kind: 'em', items: lists.em.filter((item) => item.name === 'event') }];
    case 'consent':
      return [{ kind: 'em', items: lists.em.filter((item) => item.name === 'consent') }];
  }
}

// The number behind a list id: 't12' and 'e7' carry a kind prefix (SPEC 3 List item).
export function numericId(id: string): number {
  const digits = /\d+$/.exec(id);
  return digits ? Number(digits[0]) : NaN;
}

// Moving one item of a tab: only the tab's items change places, each staying in one of the slots
// the tab's items held, so templates of other tabs (consents under the event tab) keep theirs.
export function reorderKind(
  all: readonly TemplateListItem[],
  visible: readonly TemplateListItem[],
  from: number,
  to: number,
): TemplateListItem[] {
  if (from === to || from < 0 || to < 0 || from >= visible.length || to >= visible.length) return [...all];
  const moved = [...visible];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  const visibleIds = new Set(visible.map((v) => v.id));
  let next = 0;
  return all.map((entry) => (visibleIds.has(entry.id) ? moved[next++]! : entry));
}

// POST /swap_templates body: the kind's whole new order.
export function swapBody(order: readonly TemplateListItem[]): { templates: number[] } {
  return { templates: order.map((item) => numericId(item.id)).filter((id) => Number.isInteger(id) && id > 0) };
}

export function replaceKind(lists: TemplateLists, kind: TemplateKind, items: TemplateListItem[]): TemplateLists {
  return { ...lists, [kind]: items };
}

export function setActive(lists: TemplateLists, id: string, active: boolean): TemplateLists {
  const flip = (items: TemplateListItem[]) => items.map((item) => (item.id === id ? { ...item, active } : item));
  return { tm: flip(lists.tm), em: flip(lists.em) };
}

export function withoutItem(lists: TemplateLists, id: string): TemplateLists {
  return { tm: lists.tm.filter((item) => item.id !== id), em: lists.em.filter((item) => item.id !== id) };
}

// --- "When it sends" in words -------------------------------------------------------------

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
}

export function durationOf(hours: number): Duration {
  const { days, minutes } = splitOffset(hours);
  return { days, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export type DayWord = 'before' | 'on' | 'after';

// DAY_OPTIONS: 1 the day before, 0 on the day, -1 the day after.
export function dayWord(day: number): DayWord | null {
  if (!(DAY_OPTIONS as readonly number[]).includes(day)) return null;
  return day === 1 ? 'before' : day === 0 ? 'on' : 'after';
}

// The message key and values of "when it sends", e.g. before_start 1 → 'За 1 ч до визита'.
export type SendTimeWords =
  | { kind: 'offset'; category: 'before_start' | 'after_end' | 'after_deletion'; duration: Duration }
  | { kind: 'day'; category: 'all_day_recs_notifications' | 'happy_birthday'; day: DayWord; time: string | null }
  | { kind: 'event'; event: string }
  | { kind: 'consent'; event: string }
  | { kind: 'unknown' };

export function sendTimeWords(
  category: TemplateCategory,
  whenSend2: number | string | null,
  time: string | null,
): SendTimeWords {
  if (isOffsetCategory(category)) {
    const hours = Number(whenSend2);
    return Number.isFinite(hours) ? { kind: 'offset', category, duration: durationOf(hours) } : { kind: 'unknown' };
  }
  if (isDayCategory(category)) {
    const day = dayWord(Number(whenSend2));
    return day ? { kind: 'day', category, day, time } : { kind: 'unknown' };
  }
  if (typeof whenSend2 !== 'string' || whenSend2 === '') return { kind: 'unknown' };
  return category === 'event' ? { kind: 'event', event: whenSend2 } : { kind: 'consent', event: whenSend2 };
}

export function listItemSendTime(item: TemplateListItem): SendTimeWords {
  const value =
    item.name === 'event' || item.name === 'consent'
      ? (item.event ?? item.template_send_time)
      : item.template_send_time;
  return sendTimeWords(item.name, value, item.time);
}
