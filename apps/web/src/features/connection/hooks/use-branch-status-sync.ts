import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionResponse } from '@salon/contract/connection';
import { accountsQueryKey } from '../../../shared/accounts/accounts-query';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';

// The menu's connected/error indicator reads the branch from GET /accounts. When this page learns
// that the branch's connectedness changed (a ban, a logout on the phone), the accounts are
// reloaded, once per combination of channel statuses so that a lagging answer cannot loop.
export function useBranchStatusSync(data: ConnectionResponse | undefined): void {
  const queryClient = useQueryClient();
  const branch = useCurrentBranch();
  const synced = useRef<string | null>(null);
  const wa = data?.wa.status;
  const tg = data?.tg.status;
  const shownActive = branch?.isChannelActive;

  useEffect(() => {
    if (wa === undefined || tg === undefined || shownActive === undefined) return;
    const key = `${wa}|${tg}`;
    const active = wa === 'authenticated' || tg === 'authenticated';
    if (active === shownActive || synced.current === key) return;
    synced.current = key;
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
  }, [wa, tg, shownActive, queryClient]);
}
