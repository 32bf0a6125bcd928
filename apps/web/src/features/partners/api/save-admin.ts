import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerAdminList, type PartnerAdmin } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { isAccessDenied } from '../../../shared/api/error-message';
import type { AdminBody } from '../access-rules';
import { partnersKeys } from './partners-keys';

type AdminCall = { method: 'POST' | 'PUT'; body: AdminBody } | { method: 'DELETE'; body: { telegram_id: number } };

// POST adds, PUT changes access, DELETE removes; each answers the code's whole list.
export function saveAdmin(code: string, call: AdminCall) {
  return api.request({
    method: call.method,
    path: '/reff_consultant/admins',
    query: { promo_code: code },
    body: call.body,
    schema: partnerAdminList,
  });
}

// The answered list replaces the cached one; a refusal for rights reloads it (then the page shows
// the access-denied view).
export function useSaveAdmin(code: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: AdminCall): Promise<PartnerAdmin[]> => {
      if (code === null) return Promise.reject(new Error('no promo code'));
      return saveAdmin(code, call);
    },
    onSuccess: (admins) => queryClient.setQueryData(partnersKeys.admins(code), admins),
    onError: (error) => {
      if (isAccessDenied(error)) void queryClient.invalidateQueries({ queryKey: partnersKeys.admins(code) });
    },
  });
}
