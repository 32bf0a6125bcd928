import { useQuery } from '@tanstack/react-query';
import { sandboxMessagesResponse } from '@salon/contract/dev-sandbox';
import { api } from '../../../shared/api/api';
import { SANDBOX_REFRESH_MS } from './get-sandbox-state';

export const SANDBOX_LOG_LIMIT = 100;
export const sandboxMessagesKey = (accId: number) => ['dev-sandbox', accId, 'messages'] as const;

// GET /dev/sandbox/messages?acc_id&limit: what reached the clients' phones from the branch's
// accounts and what they answered.
export function useSandboxMessages(accId: number) {
  return useQuery({
    queryKey: sandboxMessagesKey(accId),
    queryFn: ({ signal }) =>
      api.request({
        path: '/dev/sandbox/messages',
        query: { acc_id: accId, limit: SANDBOX_LOG_LIMIT },
        schema: sandboxMessagesResponse,
        signal,
      }),
    refetchInterval: SANDBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
