import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadBody, leadList } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import type { LeadBodyWire } from '../leads-rules';
import { partnersKeys } from './partners-keys';

export function addLead(body: LeadBodyWire) {
  return api.request({ method: 'POST', path: '/add_promo_leads', body: leadBody.parse(body), schema: leadList });
}

// POST /add_promo_leads: registers a lead; the answer is the code's lead list, which replaces ours.
// The badges count leads (a consultant's first lead), so they are read again.
export function useAddLead(code: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addLead,
    onSuccess: (list) => {
      client.setQueryData(partnersKeys.leads(code), list);
      void client.invalidateQueries({ queryKey: ['partners', 'badges', code] });
    },
  });
}
