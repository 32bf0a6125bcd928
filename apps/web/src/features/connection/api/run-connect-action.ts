import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectActionBody, connectActionResponse, type ChannelCode } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import { accountsQueryKey } from '../../../shared/accounts/accounts-query';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import type { ConnectAction } from '../channel-state';
import { connectionQueryKey } from './get-connection';

export interface ConnectActionInput {
  action: ConnectAction;
  channel: ChannelCode;
  phone?: string | null;
}

// POST /connect_action {action, channel, phone?}: logout, drop instance, clean queue, reboot.
export function runConnectAction({ action, channel, phone }: ConnectActionInput) {
  // SPEC 7 connect_stop / connect_reload; the other actions have no event (a no-op).
  track(({ logout: 'connect_stop', reboot: 'connect_reload' } as Partial<Record<string, string>>)[action] ?? '', {
    channel,
  });
  return api.request({
    method: 'POST',
    path: '/connect_action',
    body: connectActionBody.parse({ action, channel, ...(phone ? { phone } : {}) }),
    schema: connectActionResponse,
  });
}

// Actions that change whether the branch is connected, which the menu's indicator shows.
const CHANGES_BRANCH_STATUS: readonly ConnectAction[] = ['logout', 'drop_instance', 'reboot'];

export function useRunConnectAction() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: runConnectAction,
    onSuccess: (_answer, input) => {
      if (input.action === 'clean_queue') return;
      void queryClient.invalidateQueries({ queryKey: connectionQueryKey(accId) });
      if (CHANGES_BRANCH_STATUS.includes(input.action)) {
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      }
    },
  });
}
