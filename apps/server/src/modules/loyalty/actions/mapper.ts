import type { BonusType, LoyaltyActionWire } from '@salon/contract/loyalty';
import type { loyaltyActions } from '../schema.js';

export type ActionRow = typeof loyaltyActions.$inferSelect;

// What an action is made of when it is written (the service has checked and normalised it).
export interface ActionDraft {
  title: string;
  active: boolean;
  bonusType: BonusType;
  cardTypeId: string;
  cardTypeTitle: string;
  cardTypeGroupId: string | null;
  loyaltyPoints: number | null;
  newCustomerPoints: number;
  rangeTo: number;
  interest: number | null;
  monthlyLimit: number;
}

export const draftOfRow = (row: ActionRow): ActionDraft => ({
  title: row.title,
  active: row.active,
  bonusType: row.bonusType as BonusType,
  cardTypeId: row.cardTypeId,
  cardTypeTitle: row.cardTypeTitle,
  cardTypeGroupId: row.cardTypeGroupId,
  loyaltyPoints: row.loyaltyPoints,
  newCustomerPoints: row.newCustomerPoints,
  rangeTo: row.rangeTo,
  interest: row.interest,
  monthlyLimit: row.monthlyLimit,
});

const DRAFT_KEYS = Object.keys(draftOfRow({} as ActionRow)) as (keyof ActionDraft)[];

export function sameDraft(a: ActionDraft, b: ActionDraft): boolean {
  return DRAFT_KEYS.every((k) => a[k] === b[k]);
}

// SPEC 3 Backend names.
export function toActionWire(row: ActionRow): LoyaltyActionWire {
  return {
    loyalty_action_id: row.id,
    title: row.title,
    active: row.active,
    bonus_type: row.bonusType as BonusType,
    card_type: { id: row.cardTypeId, title: row.cardTypeTitle, salon_group_id: row.cardTypeGroupId },
    loyalty_points: row.loyaltyPoints,
    new_customer_points: row.newCustomerPoints,
    range_of_visits: [0, row.rangeTo],
    interest_regular_customer: row.interest,
    sending_bonuses: true,
    monthly_limit: row.monthlyLimit,
    date_create_template: row.createdAt.toISOString(),
    date_first_activate_template: row.firstActivatedAt?.toISOString() ?? null,
  };
}
