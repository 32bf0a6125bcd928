import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWire } from '@salon/contract/accesses';
import { isAccessDenied } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { adminsQueryKey } from './get-admins';

// Every change answers the whole list after it (SPEC 4 "each success replaces the list"); a
// refusal for rights reloads the list, which then shows the access-denied view.
export function useAdminsMutation<TInput>(call: (input: TInput) => Promise<AdminWire[]>) {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: call,
    onSuccess: (admins) => queryClient.setQueryData(adminsQueryKey(accId), admins),
    onError: (error) => {
      if (isAccessDenied(error)) void queryClient.invalidateQueries({ queryKey: adminsQueryKey(accId) });
    },
  });
}
