import { useQuery } from '@tanstack/react-query';
import { sandboxStateResponse } from '@salon/contract/dev-sandbox';
import { api } from '../../../shared/api/api';

export const SANDBOX_REFRESH_MS = 2_000;
export const sandboxStateKey = ['dev-sandbox', 'state'] as const;

// GET /dev/sandbox/state: the salon's linked accounts as the simulated network sees them. No sign-in.
export function useSandboxState() {
  return useQuery({
    queryKey: sandboxStateKey,
    queryFn: ({ signal }) =>
      api.request({ path: '/dev/sandbox/state', schema: sandboxStateResponse, auth: false, signal }),
    refetchInterval: SANDBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
