import { useQuery } from '@tanstack/react-query';
import { sandboxMessagesResponse } from '@salon/contract/dev-sandbox';
import { api } from '../../../shared/api/api';
import { SANDBOX_REFRESH_MS } from './get-sandbox-state';

export const SANDBOX_LOG_LIMIT = 100;
export const sandboxMessagesKey = ['dev-sandbox', 'messages'] as const;

// GET /dev/sandbox/messages?limit: what reached the clients' phones and what they answered.
export function useSandboxMessages(enabled: boolean) {
  return useQuery({
    queryKey: sandboxMessagesKey,
    queryFn: ({ signal }) =>
      api.request({
        path: '/dev/sandbox/messages',
        query: { limit: SANDBOX_LOG_LIMIT },
        schema: sandboxMessagesResponse,
        auth: false,
        signal,
      }),
    enabled,
    refetchInterval: SANDBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
