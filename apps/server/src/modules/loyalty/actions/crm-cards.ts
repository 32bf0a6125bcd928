import type { CrmBranch, CrmDriver, ReferenceItem } from '../../../crm/crm.js';
import type { LoyaltyDeps } from '../deps.js';

export interface CardType {
  id: string;
  title: string;
  salonGroupId: string | null;
}

// What the actions ask of the branch's CRM (SPEC 4 Invite friends): its loyalty card types and
// whether it lets us write loyalty cards. Both throw when the CRM does not answer.
export interface LoyaltyCrm {
  cardTypes(accId: number): Promise<CardType[]>;
  permission(accId: number): Promise<boolean>;
  minServicePrice(accId: number): Promise<number | null>;
}

// Card types carry their salon group where the driver knows it.
const groupOf = (item: ReferenceItem): string | null => {
  const group = (item as ReferenceItem & { salonGroupId?: unknown }).salonGroupId;
  return group === undefined || group === null ? null : String(group);
};

export function loyaltyCrm(deps: Pick<LoyaltyDeps, 'crm' | 'crmRepo'>): LoyaltyCrm {
  const open = async (accId: number): Promise<{ driver: CrmDriver; branch: CrmBranch }> => {
    const connection = await deps.crmRepo.connection(accId);
    return { driver: deps.crm.driverOf(connection.kind), branch: deps.crm.branch(connection) };
  };
  return {
    async cardTypes(accId) {
      const { driver, branch } = await open(accId);
      const items = await driver.reference(branch, 'loyalty_card_types');
      return items.map((i) => ({ id: i.id, title: i.title, salonGroupId: groupOf(i) }));
    },
    async permission(accId) {
      const { driver, branch } = await open(accId);
      // A driver without the check has no loyalty restrictions of its own.
      if (typeof driver.loyaltyPermission !== 'function') return true;
      return driver.loyaltyPermission(branch);
    },
    minServicePrice: (accId) => deps.crmRepo.minServicePrice(accId),
  };
}
