import type { Branch } from '../../shared/accounts/branch';

// Where choosing a branch leads: its dashboard, or the partner programme for a partner's stand-in branch.
export function branchTarget(branch: Branch): string {
  return branch.isSynthetic ? '/partners_program' : `/main?accId=${branch.accId}`;
}
