import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consultant } from '@salon/contract/partners';
import { accountsQueryKey } from '../../../shared/accounts/accounts-keys';
import { api } from '../../../shared/api/api';
import type { toAddPromoQuery } from '../program-rules';
import { partnersKeys } from './partners-keys';

type AddPromoQuery = ReturnType<typeof toAddPromoQuery>;

// POST /reff_consultant/add_promo: the new code goes in the query with its name and bonus days.
export function addPromo(query: AddPromoQuery) {
  return api.request({ method: 'POST', path: '/reff_consultant/add_promo', query, schema: consultant });
}

// A new code changes the table and the consultant card, and the accounts' list of held codes
// (the code switcher reads it there).
export function useAddPromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPromo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnersKeys.table() }),
        queryClient.invalidateQueries({ queryKey: ['partners', 'consultant'] }),
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
      ]),
  });
}
