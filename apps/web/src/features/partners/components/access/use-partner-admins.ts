import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerAdmin } from '@salon/contract/partners';
import { isAccessDenied, statusMessageKey } from '../../../../shared/api/error-message';
import { showToast } from '../../../../shared/toast/show-toast';
import { accessStatus, adminFailure, toAccessBody } from '../../access-rules';
import { usePartnerAdmins } from '../../api/get-admins';
import { useSaveAdmin } from '../../api/save-admin';

// The Access page's list and its row actions (SPEC 4 Partner access): each row knows whether its
// switch or its delete is running, so several rows can change at once.
export function usePartnerAdminsPage(code: string | null) {
  const { t } = useTranslation(['partners', 'errors']);
  const admins = usePartnerAdmins(code);
  const add = useSaveAdmin(code);
  const change = useSaveAdmin(code);
  const remove = useSaveAdmin(code);
  const [changing, setChanging] = useState<ReadonlySet<number>>(new Set());
  const [toDelete, setToDelete] = useState<PartnerAdmin | null>(null);

  const failed = (error: unknown) => {
    const failure = adminFailure(error);
    showToast('error', failure ? t(`partners:access.errors.${failure.key}`) : t(`errors:${statusMessageKey(error)}`));
  };
  const mark = (id: number, on: boolean) =>
    setChanging((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    admins,
    add,
    status: accessStatus({
      pending: admins.isPending,
      // A refusal for rights wins over a list loaded before it; another failed reload keeps the list.
      error: admins.isError && (isAccessDenied(admins.error) || !admins.data) ? admins.error : null,
      adding: add.isPending,
      changing: changing.size > 0,
      deleting: remove.isPending,
    }),
    changing,
    deletingId: remove.isPending ? (toDelete?.telegram_id ?? null) : null,
    toDelete,
    setAccess: (admin: PartnerAdmin, access: boolean) => {
      mark(admin.telegram_id, true);
      change.mutate(
        { method: 'PUT', body: toAccessBody(admin, access) },
        {
          onSuccess: () => showToast('success', t('partners:access.toast.changed')),
          onError: failed,
          onSettled: () => mark(admin.telegram_id, false),
        },
      );
    },
    askDelete: setToDelete,
    cancelDelete: () => {
      if (!remove.isPending) setToDelete(null);
    },
    confirmDelete: () => {
      if (!toDelete) return;
      remove.mutate(
        { method: 'DELETE', body: { telegram_id: toDelete.telegram_id } },
        {
          onSuccess: () => showToast('success', t('partners:access.toast.deleted')),
          onError: failed,
          onSettled: () => setToDelete(null),
        },
      );
    },
  };
}
