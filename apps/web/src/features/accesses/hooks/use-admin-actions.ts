import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWire } from '@salon/contract/accesses';
import { showToast } from '../../../shared/toast/show-toast';
import { accessFailure, toActiveBody } from '../access-rules';
import { useDeleteAdmin } from '../api/delete-admin';
import { useUpdateAdmin } from '../api/update-admin';

// Toggling an admin's access and deleting an admin, with the SPEC 8 Admin toasts.
export function useAdminActions() {
  const { t } = useTranslation('accesses');
  const update = useUpdateAdmin();
  const remove = useDeleteAdmin();
  const [toDelete, setToDelete] = useState<AdminWire | null>(null);
  const failed = (error: unknown, fallback: 'toast.changeError' | 'toast.deleteError') => {
    const failure = accessFailure(error);
    showToast('error', failure ? t(`errors.${failure.key}`) : t(fallback));
  };

  return {
    pendingActive: update.isPending ? Number(update.variables.tg_id) : null,
    toDelete,
    deleting: remove.isPending,
    setActive: (admin: AdminWire, active: boolean) =>
      update.mutate(toActiveBody(admin, active), {
        onSuccess: () => showToast('success', t('toast.saved')),
        onError: (error) => failed(error, 'toast.changeError'),
      }),
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete: () => {
      if (!toDelete) return;
      remove.mutate(toDelete.tg_id, {
        onSuccess: () => {
          setToDelete(null);
          showToast('success', t('toast.deleted'));
        },
        onError: (error) => {
          setToDelete(null);
          failed(error, 'toast.deleteError');
        },
      });
    },
  };
}
