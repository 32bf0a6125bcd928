import { useSession } from '../session/use-session';
import { useAccounts } from './accounts-query';
import { findBranch } from './accounts-state';
import type { Branch } from './branch';

// The branch this tab works on, once the route guard has checked it against the list.
export function useCurrentBranch(): Branch | null {
  const { accId } = useSession();
  const { data } = useAccounts();
  return data ? findBranch(data, accId) : null;
}
