import type { AccountsResponse, AgreementsWire, ConsultantDataWire } from '@salon/contract/accounts';
import type { Right } from '@salon/contract/rights-rules';
import { mapBranch, syntheticPartnerBranch, type Branch } from './branch';

// SPEC 3 "Accounts state": what the cabinet derives from GET /accounts.
export interface AccountsState {
  branches: Branch[];
  // Has at least one real branch.
  isSalon: boolean;
  // Partner data of a consultant or of a salon taking part in the partner programme.
  consultantData: ConsultantDataWire | null;
  // The server's consultant flag.
  isConsultant: boolean;
  // Branches and consultant data at once (SPEC 4).
  isSalonConsultant: boolean;
  consultantRights: Right[];
  agreements: AgreementsWire;
  user: AccountsResponse['accounts_data'];
  banners: AccountsResponse['banners_data'];
}

export function toAccountsState(response: AccountsResponse): AccountsState {
  const real = response.accounts.map(mapBranch);
  const consultantData = response.consultant_data;
  const branches =
    real.length === 0 && consultantData !== null ? [syntheticPartnerBranch(consultantData.promo_code)] : real;
  return {
    branches,
    isSalon: real.length > 0,
    consultantData,
    isConsultant: response.consultant,
    isSalonConsultant: real.length > 0 && consultantData !== null,
    consultantRights: consultantData?.rights ?? [],
    agreements: response.agreements,
    user: response.accounts_data,
    banners: response.banners_data,
  };
}

export function findBranch(state: AccountsState, accId: number | null): Branch | null {
  if (accId === null) return null;
  return state.branches.find((branch) => branch.accId === accId) ?? null;
}
