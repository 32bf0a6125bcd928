import { describe, expect, it } from 'vitest';
import type { ActionRow } from './repository.js';
import { monthOf, paidAmount, visitBonuses } from './ledger.js';
import { pushBackoffMs, transactionTitle } from './pushes.js';

const at = new Date('2026-12-01T00:00:00Z');
const action = (fields: Partial<ActionRow>): ActionRow => ({
  id: 1,
  accId: 1,
  title: 'A',
  active: true,
  bonusType: 'first_visit',
  cardTypeId: '1',
  cardTypeTitle: 'B',
  cardTypeGroupId: null,
  loyaltyPoints: 500,
  newCustomerPoints: 300,
  rangeTo: 1,
  interest: null,
  monthlyLimit: 10,
  createdAt: at,
  updatedAt: at,
  firstActivatedAt: at,
  deletedAt: null,
  ...fields,
});

describe('visit bonuses', () => {
  it('first_visit pays both sides on the first paid visit only', () => {
    expect(visitBonuses(action({}), 1, 4000)).toEqual({ parent: 500, child: 300 });
    expect(visitBonuses(action({}), 2, 4000)).toEqual({ parent: null, child: null });
  });

  it('percents pay the parent a rounded percent over the range, the friend on the first visit', () => {
    const p = action({ bonusType: 'percents', loyaltyPoints: null, interest: 7, rangeTo: 3 });
    expect(visitBonuses(p, 1, 1250)).toEqual({ parent: 88, child: 300 });
    expect(visitBonuses(p, 3, 1000)).toEqual({ parent: 70, child: null });
    expect(visitBonuses(p, 4, 1000)).toEqual({ parent: null, child: null });
  });

  it('a placeholder type pays nothing', () => {
    expect(visitBonuses(action({ bonusType: 'notSelected' }), 1, 1000)).toEqual({ parent: null, child: null });
  });

  it('the paid amount counts services and goods with their amounts', () => {
    const item = (cost: number, amount: number) => ({ id: 'x', title: 'x', cost, amount, categoryId: null });
    expect(paidAmount({ services: [item(1000, 1), item(500, 2)], goods: [item(300, 3)] })).toBe(2900);
  });
});

describe('calendar month in the branch zone', () => {
  it('starts at local midnight of the 1st', () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Vladivostok (UTC+10).
    expect(monthOf(new Date('2026-11-30T23:30:00Z'), 'Asia/Vladivostok')).toEqual({
      from: new Date('2026-11-30T14:00:00Z'),
      to: new Date('2026-12-31T14:00:00Z'),
    });
    expect(monthOf(new Date('2026-12-15T12:00:00Z'), 'Europe/Moscow').to).toEqual(new Date('2026-12-31T21:00:00Z'));
  });
});

describe('pushes', () => {
  it('back off exponentially up to six hours', () => {
    expect([1, 2, 3].map(pushBackoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(pushBackoffMs(20)).toBe(6 * 3_600_000);
  });

  it('name the movement on the card', () => {
    expect(transactionTitle({ beneficiary: 'parent', kind: 'accrual', parentName: 'Анна', childName: 'Ольга' })).toBe(
      'Приглашение друга: Ольга',
    );
    expect(transactionTitle({ beneficiary: 'child', kind: 'reversal', parentName: 'Анна', childName: 'Ольга' })).toBe(
      'Возврат визита. Бонус по приглашению от Анна',
    );
  });
});
