import {
  INTEREST_DEFAULT,
  INTEREST_MAX,
  INTEREST_MIN,
  LOYALTY_STATUS,
  LOYALTY_TITLE_MAX,
  MONTHLY_LIMIT_DEFAULT,
  MONTHLY_LIMIT_MAX,
  RANGE_OF_VISITS_MAX,
  RANGE_OF_VISITS_MIN,
  clampBonusInput,
  type BonusType,
  type DependentTemplateWire,
  type LoyaltyActionInput,
  type LoyaltyActionUpdate,
  type LoyaltyActionWire,
  type LoyaltySavedResponse,
} from '@salon/contract/loyalty';

// The invite-a-friend action editor (SPEC 3 Loyalty action, SPEC 4 Invite friends, SPEC 5 bonus
// fields): the draft the form edits, its field rules, activation checks and the body it saves.

export interface CardTypeDraft {
  id: string;
  title: string;
  salonGroupId: string | null;
}

// Number fields are kept as the typed text so a field can be empty while the user types.
export interface ActionDraft {
  id: number | null;
  oldTitle: string | null;
  title: string;
  active: boolean;
  bonusType: BonusType;
  cardType: CardTypeDraft;
  loyaltyPoints: string;
  newCustomerPoints: string;
  interest: string;
  rangeOfVisits: string;
  monthlyLimit: string;
}

// SPEC 3: the placeholder card type "Не выбрано" has id 0; an action with it cannot be active.
export const PLACEHOLDER_CARD_ID = '0';
export const PLACEHOLDER_CARD: CardTypeDraft = { id: PLACEHOLDER_CARD_ID, title: 'Не выбрано', salonGroupId: null };

export function newActionDraft(title: string): ActionDraft {
  return {
    id: null,
    oldTitle: null,
    title,
    active: false,
    bonusType: 'notSelected',
    cardType: PLACEHOLDER_CARD,
    loyaltyPoints: '',
    newCustomerPoints: '0',
    interest: String(INTEREST_DEFAULT),
    rangeOfVisits: String(RANGE_OF_VISITS_MIN),
    monthlyLimit: String(MONTHLY_LIMIT_DEFAULT),
  };
}

export function toActionDraft(wire: LoyaltyActionWire): ActionDraft {
  return {
    id: wire.loyalty_action_id,
    oldTitle: wire.title,
    title: wire.title,
    active: wire.active,
    bonusType: wire.bonus_type,
    cardType: { id: wire.card_type.id, title: wire.card_type.title, salonGroupId: wire.card_type.salon_group_id },
    loyaltyPoints: wire.loyalty_points === null ? '' : String(wire.loyalty_points),
    newCustomerPoints: String(wire.new_customer_points),
    interest: String(wire.interest_regular_customer ?? INTEREST_DEFAULT),
    rangeOfVisits: String(wire.range_of_visits[1]),
    monthlyLimit: String(wire.monthly_limit),
  };
}

const digits = (raw: string) => raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

// SPEC 5: bonus fields keep digits only, 0 … 1,000,000,000.
export const bonusInput = clampBonusInput;

// SPEC 5: interest 1 … 100. Typing keeps digits (at most the maximum); leaving the field empty or
// below the minimum gives the default back (SPEC 5 "Number clamp").
export function interestInput(raw: string): string {
  const text = digits(raw).slice(0, 3);
  if (text === '') return '';
  return String(Math.min(Number(text), INTEREST_MAX));
}
export function interestOnBlur(text: string): string {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < INTEREST_MIN) return String(INTEREST_DEFAULT);
  return String(Math.min(value, INTEREST_MAX));
}

// SPEC 5: the visit range is at least 1, otherwise emptied; ours: at most RANGE_OF_VISITS_MAX.
export function rangeInput(raw: string): string {
  const text = digits(raw).slice(0, 4);
  if (text === '' || Number(text) < RANGE_OF_VISITS_MIN) return '';
  return String(Math.min(Number(text), RANGE_OF_VISITS_MAX));
}

// Ours: friends paid for per inviting client a month, 1 … MONTHLY_LIMIT_MAX, default 10.
export function monthlyLimitInput(raw: string): string {
  const text = digits(raw).slice(0, 5);
  if (text === '') return '';
  return String(Math.min(Number(text), MONTHLY_LIMIT_MAX));
}
export function monthlyLimitOnBlur(text: string): string {
  return text === '' || Number(text) < 1 ? String(MONTHLY_LIMIT_DEFAULT) : text;
}

export type CardsState = 'loading' | 'ok' | 'failed';
// Why the action cannot be switched on (SPEC 4): card types did not load, no card type is chosen,
// or (ours) no bonus type is chosen yet.
export type ActivationBlock = 'cardsUnavailable' | 'noCardType' | 'noBonusType';

export function activationBlock(
  draft: Pick<ActionDraft, 'cardType' | 'bonusType'>,
  cards: CardsState,
): ActivationBlock | null {
  if (cards === 'failed') return 'cardsUnavailable';
  if (draft.cardType.id === PLACEHOLDER_CARD_ID) return 'noCardType';
  if (draft.bonusType === 'notSelected') return 'noBonusType';
  return null;
}

export interface ActiveChange {
  draft: ActionDraft;
  block: ActivationBlock | null;
}

// Switching on passes the activation checks; switching off always goes through.
export function setDraftActive(draft: ActionDraft, active: boolean, cards: CardsState): ActiveChange {
  if (!active) return { draft: { ...draft, active: false }, block: null };
  const block = activationBlock(draft, cards);
  return block ? { draft, block } : { draft: { ...draft, active: true }, block: null };
}

// Whether a save switches the action on or moves an active action to another card: the cases
// SPEC 4's activation checks apply to.
export function goesOn(
  saved: Pick<ActionDraft, 'active' | 'cardType'>,
  draft: Pick<ActionDraft, 'active' | 'cardType'>,
): boolean {
  return draft.active && (!saved.active || saved.cardType.id !== draft.cardType.id);
}

// SPEC 4: choosing the placeholder card type forces the action inactive.
export function setCardType(draft: ActionDraft, card: CardTypeDraft): ActionDraft {
  return { ...draft, cardType: card, active: card.id === PLACEHOLDER_CARD_ID ? false : draft.active };
}

export function setBonusType(draft: ActionDraft, bonusType: BonusType): ActionDraft {
  return {
    ...draft,
    bonusType,
    active: bonusType === 'notSelected' ? false : draft.active,
    interest: draft.interest === '' ? String(INTEREST_DEFAULT) : draft.interest,
  };
}

export type ActionField =
  'title' | 'bonusType' | 'loyaltyPoints' | 'newCustomerPoints' | 'interest' | 'rangeOfVisits' | 'monthlyLimit';
// Message codes of the invite-friends namespace's errors block (the contract's codes where it has one).
export type ActionProblem = 'required' | 'too_long' | 'visit_range' | 'interest_range' | 'bonus_required';
export type ActionProblems = Partial<Record<ActionField, ActionProblem>>;

export function actionProblems(draft: ActionDraft): ActionProblems {
  const problems: ActionProblems = {};
  const title = draft.title.trim();
  if (title === '') problems.title = 'required';
  else if (title.length > LOYALTY_TITLE_MAX) problems.title = 'too_long';
  if (draft.active && draft.bonusType === 'notSelected') problems.bonusType = 'bonus_required';
  if (draft.bonusType === 'first_visit' && draft.loyaltyPoints === '') problems.loyaltyPoints = 'required';
  if (draft.bonusType === 'percents') {
    const interest = Number(draft.interest);
    if (draft.interest === '' || interest < INTEREST_MIN || interest > INTEREST_MAX)
      problems.interest = 'interest_range';
    if (draft.rangeOfVisits === '') problems.rangeOfVisits = 'visit_range';
  }
  if (draft.monthlyLimit === '' || Number(draft.monthlyLimit) < 1) problems.monthlyLimit = 'required';
  return problems;
}

export function hasProblems(problems: ActionProblems): boolean {
  return Object.keys(problems).length > 0;
}

const numberOr = (text: string, fallback: number) => (text === '' ? fallback : Number(text));

// POST /loyalty/create body (SPEC 3 Backend names): a type's own fields only, the rest null.
export function toActionInput(draft: ActionDraft): LoyaltyActionInput {
  const percents = draft.bonusType === 'percents';
  return {
    title: draft.title.trim(),
    active: draft.active,
    bonus_type: draft.bonusType,
    card_type: { id: draft.cardType.id, title: draft.cardType.title, salon_group_id: draft.cardType.salonGroupId },
    loyalty_points: draft.bonusType === 'first_visit' ? numberOr(draft.loyaltyPoints, 0) : null,
    new_customer_points: numberOr(draft.newCustomerPoints, 0),
    range_of_visits: [0, percents ? numberOr(draft.rangeOfVisits, RANGE_OF_VISITS_MIN) : 1],
    interest_regular_customer: percents ? numberOr(draft.interest, INTEREST_DEFAULT) : null,
    sending_bonuses: true,
    monthly_limit: numberOr(draft.monthlyLimit, MONTHLY_LIMIT_DEFAULT),
  };
}

// PUT /loyalty/loyalty_action body.
export function toActionUpdate(draft: ActionDraft & { id: number }): LoyaltyActionUpdate {
  return {
    loyalty_action_id: draft.id,
    ...(draft.oldTitle === null ? {} : { old_title: draft.oldTitle }),
    ...toActionInput(draft),
  };
}

// What the save bar compares: the body the draft would save.
export function draftFingerprint(draft: ActionDraft): string {
  return JSON.stringify(toActionInput(draft));
}

export type SaveOutcome = 'saved' | 'noPermission';

// SPEC 4: permission false → a warning, nothing applied; otherwise a success, 'Object not update'
// (nothing changed on the server) included.
export function saveOutcome(answer: Pick<LoyaltySavedResponse, 'loyalty_permission_status'>): SaveOutcome {
  return answer.loyalty_permission_status ? 'saved' : 'noPermission';
}

export function isObjectNotUpdate(answer: Pick<LoyaltySavedResponse, 'status'>): boolean {
  return answer.status === LOYALTY_STATUS.objectNotUpdate;
}

// The id of what a status text names ("Loyalty action created id 12"); null if it names none.
export function idFromStatus(status: string): number | null {
  const match = /\bid\s+(\d+)\s*$/.exec(status);
  return match ? Number(match[1]) : null;
}

// The id a create answered: its data, else the one its status names.
export function createdId(answer: Pick<LoyaltySavedResponse, 'status' | 'data'>): number | null {
  return answer.data?.loyalty_action_id ?? idFromStatus(answer.status);
}

// SPEC 4 disable-warning: only the templates that are on are turned off with the action.
export function activeDependents(templates: readonly DependentTemplateWire[]): DependentTemplateWire[] {
  return templates.filter((template) => template.active);
}
