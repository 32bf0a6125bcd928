import type { Branch } from '../../shared/accounts/branch';
import type { SessionSnapshot } from '../../shared/session/session-fields';

type Selection = Pick<SessionSnapshot, 'accId' | 'branchId' | 'branchName' | 'sendOutAccount' | 'rights'>;

export const NO_SELECTION: Selection = {
  accId: null,
  branchId: null,
  branchName: null,
  sendOutAccount: false,
  rights: [],
};

// What the session keeps of the branch in the address: the API client adds it to every call.
export function selectionOf(branch: Branch): Selection {
  return {
    accId: branch.accId,
    branchId: branch.branchId,
    branchName: branch.name,
    sendOutAccount: branch.sendOutAccount,
    rights: branch.rights,
  };
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return (
    a.accId === b.accId &&
    a.branchId === b.branchId &&
    a.branchName === b.branchName &&
    a.sendOutAccount === b.sendOutAccount &&
    a.rights.join() === b.rights.join()
  );
}
