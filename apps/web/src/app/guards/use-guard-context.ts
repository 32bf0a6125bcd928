import { useLocation } from 'react-router';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { useSession } from '../../shared/session/use-session';
import type { GuardContext } from '../routes/guard';

export function useGuardContext(): GuardContext {
  const { authenticated, accId } = useSession();
  const { data } = useAccounts();
  const { search } = useLocation();
  return { authenticated, accounts: data ?? null, search, sessionAccId: accId };
}
