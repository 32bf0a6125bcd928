import type { TFunction } from 'i18next';
import type { LoyaltyActionWire } from '@salon/contract/loyalty';
import { PLACEHOLDER_CARD_ID } from '../loyalty-action-rules';

type Summary = Pick<
  LoyaltyActionWire,
  | 'bonus_type'
  | 'card_type'
  | 'loyalty_points'
  | 'interest_regular_customer'
  | 'range_of_visits'
  | 'new_customer_points'
>;

// What the inviting client and the friend earn, in one line of the list.
export function rewardText(action: Summary, t: TFunction<'invite-friends'>, count: (n: number) => string): string {
  const friend = count(action.new_customer_points);
  if (action.bonus_type === 'first_visit')
    return t('reward.firstVisit', { points: count(action.loyalty_points ?? 0), friend });
  if (action.bonus_type === 'percents')
    return t('reward.percents', {
      interest: count(action.interest_regular_customer ?? 0),
      visits: count(action.range_of_visits[1]),
      friend,
    });
  return t('reward.notSelected');
}

export function cardTypeText(action: Summary, t: TFunction<'invite-friends'>): string {
  return action.card_type.id === PLACEHOLDER_CARD_ID ? t('cardType.none') : action.card_type.title;
}

// A calendar day ('YYYY-MM-DD') is shown as it is; a moment on the branch's clocks.
export function dayOrDate(value: string, format: { day: (d: string) => string; date: (v: string) => string }): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? format.day(value) : format.date(value);
}
