import type { Branch } from '../../shared/accounts/branch';

// Where choosing a branch leads: its dashboard (or the connection page when the login link asked
// for it), or the partner programme for a partner's stand-in branch.
export function branchTarget(branch: Branch, toConnection = false): string {
  if (branch.isSynthetic) return '/partners_program';
  return `/${toConnection ? 'connection' : 'main'}?accId=${branch.accId}`;
}
