import { useQuery } from '@tanstack/react-query';
import { sandboxStateResponse } from '@salon/contract/dev-sandbox';
import { api } from '../../../shared/api/api';

export const SANDBOX_REFRESH_MS = 2_000;
export const sandboxStateKey = (accId: number) => ['dev-sandbox', accId, 'state'] as const;

// GET /dev/sandbox/state?acc_id: the branch's linked accounts as the simulated network sees them
// (QR payloads and codes: the connection right).
export function useSandboxState(accId: number, enabled: boolean) {
  return useQuery({
    queryKey: sandboxStateKey(accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/dev/sandbox/state', query: { acc_id: accId }, schema: sandboxStateResponse, signal }),
    enabled,
    refetchInterval: SANDBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
