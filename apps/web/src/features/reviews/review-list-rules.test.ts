import { describe, expect, it } from 'vitest';
import type { ReviewListItem } from '@salon/contract/reviews';
import { orderedItems, setChainActive, timingText, withoutChain } from './review-list-rules';

const item = (id: number, patch: Partial<ReviewListItem> = {}): ReviewListItem => ({
  id,
  title: `Chain ${id}`,
  active: true,
  steps: 4,
  middle_active: [true, true],
  last_active: true,
  timing: { after_end: 2, all_day_recs_notifications: null },
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('timing text', () => {
  it('shows minutes under an hour and hours otherwise', () => {
    expect(timingText({ after_end: 0.25, all_day_recs_notifications: null })).toEqual({
      key: 'afterEndMinutes',
      count: 15,
    });
    expect(timingText({ after_end: 1.5, all_day_recs_notifications: null })).toEqual({
      key: 'afterEndHours',
      count: 1.5,
    });
  });

  it('names the daily options: today, yesterday, N days ago', () => {
    const daily = (day: number) => timingText({ after_end: null, all_day_recs_notifications: { day, time: '19:00' } });
    expect(daily(0)).toEqual({ key: 'dailyToday', time: '19:00' });
    expect(daily(-1)).toEqual({ key: 'dailyYesterday', time: '19:00' });
    expect(daily(-5)).toEqual({ key: 'dailyDaysAgo', count: 5, time: '19:00' });
    expect(timingText({ after_end: null, all_day_recs_notifications: null })).toEqual({ key: 'none' });
  });
});

describe('local list changes (SPEC 4)', () => {
  it('switching a chain off turns its middle steps off too', () => {
    const [one, two] = setChainActive([item(1), item(2)], 1, false);
    expect(one).toMatchObject({ active: false, middle_active: [false, false] });
    expect(two).toMatchObject({ active: true, middle_active: [true, true] });
    expect(setChainActive([item(1, { active: false, middle_active: [false] })], 1, true)[0]).toMatchObject({
      active: true,
      middle_active: [false],
    });
  });

  it('a deleted chain leaves the list', () => {
    expect(withoutChain([item(1), item(2)], 1).map((i) => i.id)).toEqual([2]);
  });

  it('keeps the saved order, unknown ids last', () => {
    expect(orderedItems([item(1), item(2), item(3)], [3, 1]).map((i) => i.id)).toEqual([3, 1, 2]);
  });
});
