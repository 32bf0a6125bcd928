import { adminList } from '@salon/contract/accesses';
import { api } from '../../../shared/api/api';
import { useAdminsMutation } from './use-admins-mutation';

// DELETE /accesses/delete_admin?tg_id=: answers the updated list.
export function deleteAdmin(tgId: number) {
  return api.request({ method: 'DELETE', path: '/accesses/delete_admin', query: { tg_id: tgId }, schema: adminList });
}

export function useDeleteAdmin() {
  return useAdminsMutation(deleteAdmin);
}
