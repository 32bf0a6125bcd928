import { adminList } from '@salon/contract/accesses';
import { api } from '../../../shared/api/api';
import type { AddAdminInput } from '../access-rules';
import { useAdminsMutation } from './use-admins-mutation';

// POST /accesses/add_admin: answers the updated list.
export function addAdmin(body: AddAdminInput) {
  return api.request({ method: 'POST', path: '/accesses/add_admin', body, schema: adminList });
}

export function useAddAdmin() {
  return useAdminsMutation(addAdmin);
}
