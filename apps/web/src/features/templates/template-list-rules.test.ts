import { describe, expect, it } from 'vitest';
import type { TemplateListItem } from '@salon/contract/templates';
import type { TemplateCategory } from '@salon/contract/templates-rules';
import {
  groupsOfView,
  listItemSendTime,
  numericId,
  reorderKind,
  sendTimeWords,
  setActive,
  swapBody,
  withoutItem,
} from './template-list-rules';

const item = (id: string, name: TemplateCategory, patch: Partial<TemplateListItem> = {}): TemplateListItem => ({
  active: true,
  id,
  title: `T ${id}`,
  name,
  time: null,
  event: null,
  template_send_time: 1,
  send_only_lost_client: false,
  link: null,
  integration_type: null,
  is_new_template: false,
  ...patch,
});

const lists = {
  tm: [item('t1', 'before_start'), item('t2', 'after_end'), item('t3', 'happy_birthday')],
  em: [item('e4', 'event'), item('e5', 'consent'), item('e6', 'event'), item('e7', 'consent')],
};

describe('tabs', () => {
  it('shows both kinds under all, in server order', () => {
    expect(groupsOfView(lists, 'all').map((g) => [g.kind, g.items.map((i) => i.id)])).toEqual([
      ['tm', ['t1', 't2', 't3']],
      ['em', ['e4', 'e5', 'e6', 'e7']],
    ]);
  });

  it('splits event and consent templates and keeps time-based ones apart', () => {
    expect(groupsOfView(lists, 'event')[0]!.items.map((i) => i.id)).toEqual(['e4', 'e6']);
    expect(groupsOfView(lists, 'consent')[0]!.items.map((i) => i.id)).toEqual(['e5', 'e7']);
    expect(groupsOfView(lists, 'time')).toEqual([{ kind: 'tm', items: lists.tm }]);
  });
});

describe('ordering', () => {
  it('reads the number behind a prefixed id', () => {
    expect(numericId('t12')).toBe(12);
    expect(numericId('e7')).toBe(7);
    expect(numericId('x')).toBeNaN();
  });

  it('moves within a whole kind', () => {
    const moved = reorderKind(lists.tm, lists.tm, 0, 2);
    expect(moved.map((i) => i.id)).toEqual(['t2', 't3', 't1']);
    expect(swapBody(moved)).toEqual({ templates: [2, 3, 1] });
  });

  it('moves an event template past another event and leaves consents in their slots', () => {
    const events = groupsOfView(lists, 'event')[0]!.items;
    const moved = reorderKind(lists.em, events, 1, 0);
    expect(moved.map((i) => i.id)).toEqual(['e6', 'e5', 'e4', 'e7']);
    expect(swapBody(moved)).toEqual({ templates: [6, 5, 4, 7] });
  });

  it('ignores moves out of range or in place', () => {
    expect(reorderKind(lists.tm, lists.tm, 0, 0).map((i) => i.id)).toEqual(['t1', 't2', 't3']);
    expect(reorderKind(lists.tm, lists.tm, 0, 5).map((i) => i.id)).toEqual(['t1', 't2', 't3']);
    expect(reorderKind(lists.tm, lists.tm, -1, 1).map((i) => i.id)).toEqual(['t1', 't2', 't3']);
  });

  it('flips one item and removes one', () => {
    expect(setActive(lists, 'e5', false).em[1]!.active).toBe(false);
    expect(setActive(lists, 'e5', false).tm).toEqual(lists.tm);
    expect(withoutItem(lists, 't2').tm.map((i) => i.id)).toEqual(['t1', 't3']);
  });
});

describe('when it sends', () => {
  it('describes offsets in days, hours and minutes', () => {
    expect(sendTimeWords('before_start', 1, null)).toEqual({
      kind: 'offset',
      category: 'before_start',
      duration: { days: 0, hours: 1, minutes: 0 },
    });
    expect(sendTimeWords('after_end', 26.25, null)).toMatchObject({ duration: { days: 1, hours: 2, minutes: 15 } });
  });

  it('describes day options with their time', () => {
    expect(sendTimeWords('all_day_recs_notifications', 0, '10:00')).toEqual({
      kind: 'day',
      category: 'all_day_recs_notifications',
      day: 'on',
      time: '10:00',
    });
    expect(sendTimeWords('happy_birthday', 1, '09:00')).toMatchObject({ day: 'before' });
    expect(sendTimeWords('happy_birthday', -1, '09:00')).toMatchObject({ day: 'after' });
    expect(sendTimeWords('happy_birthday', 5, '09:00')).toEqual({ kind: 'unknown' });
  });

  it('names events and consents', () => {
    expect(
      listItemSendTime(item('e1', 'event', { event: 'record_create', template_send_time: 'record_create' })),
    ).toEqual({
      kind: 'event',
      event: 'record_create',
    });
    expect(listItemSendTime(item('e2', 'consent', { template_send_time: 'record_confirm_consent' }))).toEqual({
      kind: 'consent',
      event: 'record_confirm_consent',
    });
    expect(sendTimeWords('before_start', 'soon', null)).toEqual({ kind: 'unknown' });
  });
});
