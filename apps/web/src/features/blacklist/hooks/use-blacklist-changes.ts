import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { blacklistResponse } from '@salon/contract/blacklist';
import type { z } from 'zod';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { blacklistQueryKey } from '../api/get-blacklist';
import { updateBlacklist, type BlacklistChange } from '../api/update-blacklist';
import { toastForFailure, toastForStatus, type BlacklistAction } from '../blacklist-rules';

type BlacklistData = z.infer<typeof blacklistResponse>;

// Adds and removes numbers with a loading state per number (SPEC 4); a failure resets it.
export function useBlacklistChanges() {
  const { t } = useTranslation('blacklist');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [pending, setPending] = useState<ReadonlyMap<string, BlacklistAction>>(new Map());

  const forget = (phone: string) =>
    setPending((current) => {
      const next = new Map(current);
      next.delete(phone);
      return next;
    });

  // Callbacks live on the mutation, not on mutate(): several numbers may be in flight at once.
  const mutation = useMutation({
    mutationFn: updateBlacklist,
    onMutate: ({ action, phone }: BlacklistChange) => setPending((current) => new Map(current).set(phone, action)),
    onSuccess: (answer, { action, phone }) => {
      queryClient.setQueryData<BlacklistData>(blacklistQueryKey(accId), {
        ok: true,
        data: answer.data,
        count: answer.data.length,
      });
      const toast = toastForStatus(action, answer.status);
      showToast(toast.kind, t(`toast.${toast.key}`, { phone }));
    },
    onError: (_error, { action, phone }) => {
      const toast = toastForFailure(action);
      showToast(toast.kind, t(`toast.${toast.key}`, { phone }));
    },
    onSettled: (_answer, _error, { phone }) => forget(phone),
  });

  return {
    pending,
    add: (phone: string, onAdded?: () => void) =>
      mutation.mutate({ action: 'add', phone }, onAdded ? { onSuccess: onAdded } : undefined),
    remove: (phone: string) => mutation.mutate({ action: 'delete', phone }),
  };
}
