import { adminList } from '@salon/contract/accesses';
import { api } from '../../../shared/api/api';
import type { UpdateAdminInput } from '../access-rules';
import { useAdminsMutation } from './use-admins-mutation';

// PATCH /accesses/update_admin: the admin plus changed_fields; answers the updated list.
export function updateAdmin(body: UpdateAdminInput) {
  return api.request({ method: 'PATCH', path: '/accesses/update_admin', body, schema: adminList });
}

export function useUpdateAdmin() {
  return useAdminsMutation(updateAdmin);
}
