import { allows } from '@salon/contract/rights';
import {
  LOYALTY_STATUS,
  LOYALTY_TITLE_MAX,
  PLACEHOLDER_CARD_TYPE,
  type DependentTemplateWire,
  type LoyaltyActionInput,
  type LoyaltyActionsResponse,
  type LoyaltyActionUpdate,
  type LoyaltyActionWire,
  type LoyaltyCardsResponse,
  type LoyaltySavedResponse,
} from '@salon/contract/loyalty';
import { COPY_TAG } from '@salon/contract/templates';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import { errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { TemplateDependents } from '../ports.js';
import type { CardType, LoyaltyCrm } from './crm-cards.js';
import { draftOfRow, sameDraft, toActionWire, type ActionDraft, type ActionRow } from './mapper.js';
import type { LoyaltyActionsRepository } from './repository.js';

export interface Caller {
  accId: number;
  rights: string[];
  userId: number;
}

export interface LoyaltyActionsDeps {
  repo: LoyaltyActionsRepository;
  crm: LoyaltyCrm;
  templates: TemplateDependents;
  clock: Clock;
  logger: Logger;
}

const PLACEHOLDER_ID = String(PLACEHOLDER_CARD_TYPE.id);

export const notFound = () => new DomainError('not_found', LOYALTY_STATUS.notFound);
// A save that asks for an active action without a card type: the input is wrong.
const noCardTypeInput = () =>
  errors.invalid(LOYALTY_STATUS.noCardType, [{ path: 'body.card_type', code: 'no_card_type' }]);
// Switching on an action that has none: the action's state is what is wrong.
const noCardTypeState = () => new DomainError('conflict', LOYALTY_STATUS.noCardType);
// SPEC 4: activation is blocked while the CRM's card types cannot be read.
const cardTypesUnavailable = () => new DomainError('upstream', LOYALTY_STATUS.cardTypesUnavailable);

// SPEC 4: the placeholder card type (or no bonus type) is not a choice.
const hasCardType = (d: ActionDraft) => d.cardTypeId !== PLACEHOLDER_ID && d.bonusType !== 'notSelected';

// The action as the service stores it: each bonus type keeps only its own fields (SPEC 3), and the
// placeholder card type forces it off (SPEC 4).
function draftOf(input: LoyaltyActionInput): ActionDraft {
  const placeholder = input.card_type.id === PLACEHOLDER_ID;
  const type = input.bonus_type;
  return {
    title: input.title,
    active: placeholder ? false : input.active,
    bonusType: type,
    cardTypeId: input.card_type.id,
    cardTypeTitle: placeholder ? PLACEHOLDER_CARD_TYPE.title : input.card_type.title,
    cardTypeGroupId: placeholder ? null : input.card_type.salon_group_id,
    loyaltyPoints: type === 'percents' ? null : input.loyalty_points,
    newCustomerPoints: input.new_customer_points,
    rangeTo: type === 'first_visit' ? 1 : input.range_of_visits[1],
    interest: type === 'first_visit' ? null : input.interest_regular_customer,
    monthlyLimit: input.monthly_limit,
  };
}

const saved = (status: string, row: ActionRow): LoyaltySavedResponse => ({
  status,
  loyalty_permission_status: true,
  data: toActionWire(row),
});
// SPEC 4: the CRM refused loyalty rights (or the loyalty module is not paid: loyaltyPaid); nothing
// was applied and the cabinet shows the warning modal.
const refusedByCrm = (): LoyaltySavedResponse => ({
  status: LOYALTY_STATUS.objectNotUpdate,
  loyalty_permission_status: false,
  data: null,
});

// SPEC 7 Invite friends (the actions' calls), SPEC 4 and 5 rules, SPEC 6 rights.
export class LoyaltyActionsService {
  constructor(private readonly d: LoyaltyActionsDeps) {}

  // Send-out-only branches have no invite-friends pages (SPEC 6): every call on them is refused.
  async assertLoyaltyBranch(accId: number): Promise<{ timeZone: string }> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    return { timeZone: branch.timeZone };
  }

  async list(caller: Caller): Promise<LoyaltyActionsResponse> {
    await this.assertLoyaltyBranch(caller.accId);
    const rows = await this.d.repo.list(caller.accId);
    return { data: rows.map(toActionWire), order: rows.map((r) => r.id) };
  }

  async get(
    caller: Caller,
    id: number,
  ): Promise<{ data: LoyaltyActionWire; all_dependent_templates: DependentTemplateWire[] }> {
    await this.assertLoyaltyBranch(caller.accId);
    const row = await this.live(caller.accId, id);
    const dependents = await this.d.templates.dependentsOf(caller.accId, id);
    return { data: toActionWire(row), all_dependent_templates: dependents };
  }

  async create(caller: Caller, input: LoyaltyActionInput): Promise<LoyaltySavedResponse> {
    await this.assertLoyaltyBranch(caller.accId);
    const draft = draftOf(input);
    if (draft.active && !hasCardType(draft)) throw noCardTypeInput();
    if (draft.active && !(await this.loyaltyPaid(caller.accId))) return refusedByCrm();
    if (!(await this.permitted(caller.accId))) return refusedByCrm();
    const ready = draft.active ? await this.withCrmCardType(caller.accId, draft, noCardTypeInput) : draft;
    const row = await this.d.repo.create(caller.accId, ready, this.d.clock.now());
    return saved(`${LOYALTY_STATUS.created} id ${row.id}`, row);
  }

  // PUT /loyalty/loyalty_action. Nothing changed: 'Object not update', which the cabinet takes as
  // success (SPEC 4).
  async update(caller: Caller, input: LoyaltyActionUpdate): Promise<LoyaltySavedResponse> {
    await this.assertLoyaltyBranch(caller.accId);
    const id = input.loyalty_action_id;
    const before = await this.live(caller.accId, id);
    const draft = draftOf(input);
    if (draft.active && !hasCardType(draft)) throw noCardTypeInput();
    if (sameDraft(draftOfRow(before), draft)) return saved(LOYALTY_STATUS.objectNotUpdate, before);
    if (draft.active && !(await this.loyaltyPaid(caller.accId))) return refusedByCrm();
    if (!(await this.permitted(caller.accId))) return refusedByCrm();
    // The card type is checked against the CRM when the action goes on or changes card while on.
    const checkCard = draft.active && (!before.active || before.cardTypeId !== draft.cardTypeId);
    const ready = checkCard ? await this.withCrmCardType(caller.accId, draft, noCardTypeInput) : draft;
    const written = await this.d.repo.replace(caller.accId, id, ready, this.d.clock.now());
    if (!written) throw notFound();
    if (!written.after.active) await this.offerEnded(caller.accId, id, written.before.active);
    return saved(LOYALTY_STATUS.ok, written.after);
  }

  // PUT /loyalty/switch_action. Switching off is never refused: a salon can always stop a promotion.
  async switchAction(caller: Caller, id: number, on: boolean): Promise<LoyaltySavedResponse> {
    await this.assertLoyaltyBranch(caller.accId);
    const before = await this.live(caller.accId, id);
    if (before.active === on) {
      // Repeating a switch-off finishes one whose templates were not all turned off.
      if (!on) await this.offerEnded(caller.accId, id, true);
      return saved(LOYALTY_STATUS.objectNotUpdate, before);
    }
    let draft: ActionDraft = { ...draftOfRow(before), active: on };
    if (on) {
      if (!hasCardType(draft)) throw noCardTypeState();
      if (!(await this.loyaltyPaid(caller.accId))) return refusedByCrm();
      if (!(await this.permitted(caller.accId))) return refusedByCrm();
      draft = await this.withCrmCardType(caller.accId, draft, noCardTypeState);
    }
    const written = await this.d.repo.replace(caller.accId, id, draft, this.d.clock.now());
    if (!written) throw notFound();
    if (!on) await this.offerEnded(caller.accId, id, written.before.active);
    return saved(LOYALTY_STATUS.ok, written.after);
  }

  // Soft: the action's invitations, ledger and analytics stay. Its templates stop offering it.
  async delete(caller: Caller, id: number): Promise<string> {
    await this.assertLoyaltyBranch(caller.accId);
    const before = await this.d.repo.softDelete(caller.accId, id, this.d.clock.now());
    if (!before) throw notFound();
    await this.offerEnded(caller.accId, id, true);
    return `${LOYALTY_STATUS.deleted} id ${id}`;
  }

  // Copies into branches, all or nothing: each must be an invite-friends branch where the caller may
  // edit templates. Copies are off and titled with the copy tag (as template copies, SPEC 4); the
  // card type goes along and is checked against that branch's CRM when the copy is switched on.
  // The answer holds the copy made in the calling branch, if it was asked for (the "duplicate").
  async copyToBranches(caller: Caller, id: number, accIds: number[]): Promise<LoyaltyActionWire[]> {
    await this.assertLoyaltyBranch(caller.accId);
    const source = await this.live(caller.accId, id);
    const targetIds = [...new Set(accIds)];
    const targets = await this.d.repo.copyTargets(caller.userId, targetIds);
    const allowed = targets.filter(
      (t) => !t.sendOutAccount && t.memberActive && t.rights !== null && allows(t.rights, 'editTemplates'),
    );
    if (allowed.length !== targetIds.length) throw errors.failRights('acc_ids');
    const title = `${source.title.slice(0, LOYALTY_TITLE_MAX - COPY_TAG.length)}${COPY_TAG}`;
    const draft: ActionDraft = { ...draftOfRow(source), title, active: false };
    const rows = await this.d.repo.createMany(
      targetIds.map((accId) => ({ accId, draft })),
      this.d.clock.now(),
    );
    return rows.filter((r) => r.accId === caller.accId).map(toActionWire);
  }

  // GET /loyalty/loyalty_cards: ok false and no types when the CRM does not answer (SPEC 4).
  async cards(caller: Caller): Promise<LoyaltyCardsResponse> {
    await this.assertLoyaltyBranch(caller.accId);
    try {
      const types = await this.d.crm.cardTypes(caller.accId);
      return { ok: true, data: types.map((t) => ({ id: t.id, title: t.title, salon_group_id: t.salonGroupId })) };
    } catch (err) {
      this.d.logger.warn({ err, accId: caller.accId }, 'loyalty card types could not be read');
      return { ok: false, data: [] };
    }
  }

  // GET /min_cost_service: the cheapest service, for the cabinet's bonus hints (0 without services).
  async minCostService(caller: Caller): Promise<{ data: { price_min: number }[] }> {
    await this.assertLoyaltyBranch(caller.accId);
    return { data: [{ price_min: (await this.d.crm.minServicePrice(caller.accId)) ?? 0 }] };
  }

  private async live(accId: number, id: number): Promise<ActionRow> {
    const row = await this.d.repo.find(accId, id);
    if (!row) throw notFound();
    return row;
  }

  // Issue 16 item 5: an action goes on (or is saved on) only while the loyalty module is active on
  // the branch row (paid or in grace; the payments module keeps the row current), unless the branch
  // has no payment data at all (no pay period on its row: its first payment or test period writes
  // one; until then nothing is gated). Answered like the CRM's refusal (the same warning modal).
  private async loyaltyPaid(accId: number): Promise<boolean> {
    const branch = await this.d.repo.branch(accId);
    return !branch || branch.payPeriod === null || branch.activeModules.includes('loyalty');
  }

  // SPEC 4 loyalty_permission_status. A CRM that does not answer blocks the change like missing card
  // types do (the cabinet shows the same warning).
  private async permitted(accId: number): Promise<boolean> {
    try {
      return await this.d.crm.permission(accId);
    } catch (err) {
      this.d.logger.warn({ err, accId }, 'loyalty permission could not be read');
      throw cardTypesUnavailable();
    }
  }

  // An action goes on only with a card type the CRM has now; its title and group are the CRM's.
  private async withCrmCardType(accId: number, draft: ActionDraft, missing: () => Error): Promise<ActionDraft> {
    let types: CardType[];
    try {
      types = await this.d.crm.cardTypes(accId);
    } catch (err) {
      this.d.logger.warn({ err, accId }, 'loyalty card types could not be read');
      throw cardTypesUnavailable();
    }
    const type = types.find((t) => t.id === draft.cardTypeId);
    if (!type) throw missing();
    return { ...draft, cardTypeTitle: type.title, cardTypeGroupId: type.salonGroupId ?? draft.cardTypeGroupId };
  }

  // SPEC 4: an action that is off (or deleted) is offered by no template. The action's own change
  // has committed; this runs again on a repeated switch-off if it failed.
  private async offerEnded(accId: number, id: number, wasOn: boolean): Promise<void> {
    if (!wasOn) return;
    await this.d.templates.deactivateDependents(accId, id);
  }
}
