import { describe, expect, it } from 'vitest';
import type { LoyaltyActionWire } from '@salon/contract/loyalty';
import { loyaltyActionOptions, orderedActions } from '../../shared/loyalty/loyalty-action-options';
import { withActive, withAppended, withReplaced, withoutAction } from './loyalty-list-rules';

const action = (id: number, title = `A${id}`): LoyaltyActionWire => ({
  loyalty_action_id: id,
  title,
  active: false,
  bonus_type: 'first_visit',
  card_type: { id: '0', title: 'Не выбрано', salon_group_id: null },
  loyalty_points: 100,
  new_customer_points: 0,
  range_of_visits: [0, 1],
  interest_regular_customer: null,
  sending_bonuses: true,
  monthly_limit: 10,
  date_create_template: '2026-01-01T00:00:00Z',
  date_first_activate_template: null,
});

const list = { data: [action(1), action(2), action(3)], order: [3, 1, 2] };

describe('list cache (SPEC 4)', () => {
  it('delete removes the item and its order entry', () => {
    expect(withoutAction(list, 1)).toEqual({ data: [action(2), action(3)], order: [3, 2] });
  });

  it('duplicate appends the copy once', () => {
    const next = withAppended(list, [action(9)]);
    expect(next.order).toEqual([3, 1, 2, 9]);
    expect(withAppended(next, [action(9)]).data).toHaveLength(4);
  });

  it('a switch or save replaces just that action', () => {
    expect(withActive(list, 2, true).data.map((a) => a.active)).toEqual([false, true, false]);
    expect(withReplaced(list, action(3, 'New')).data[2]?.title).toBe('New');
  });
});

describe('order and pickers', () => {
  it('follows the order, then the actions it misses, skipping unknown and repeated ids', () => {
    const ordered = orderedActions([action(1), action(2), action(3), action(4)], [3, 99, 1, 3, 2]);
    expect(ordered.map((a) => a.loyalty_action_id)).toEqual([3, 1, 2, 4]);
  });

  it('lists id → title and keeps a linked action the list no longer has', () => {
    const label = (id: number) => `No. ${id}`;
    expect(loyaltyActionOptions(list, null, label)).toEqual([
      { value: '3', label: 'A3' },
      { value: '1', label: 'A1' },
      { value: '2', label: 'A2' },
    ]);
    expect(loyaltyActionOptions(list, 2, label)).toHaveLength(3);
    expect(loyaltyActionOptions(undefined, 5, label)).toEqual([{ value: '5', label: 'No. 5' }]);
  });
});
