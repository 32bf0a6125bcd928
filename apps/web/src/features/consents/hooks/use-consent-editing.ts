import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import { buildConsentPatch, type SettableConsentStatus } from '@salon/contract/consents-rules';
import { showToast } from '../../../shared/toast/show-toast';
import { useUpdateConsent } from '../api/update-consent';
import { changeToast, confirmReason, type ConfirmReason } from '../consent-list-rules';

// The status modals as one state, so the first and the second are never open together (SPEC 4).
export type StatusStep =
  | { step: 'choose'; entry: ConsentEntryWire; initial: SettableConsentStatus | null }
  | { step: 'confirm'; entry: ConsentEntryWire; next: SettableConsentStatus; reason: ConfirmReason }
  | null;

// Status and comment changes of the list: only what changed is sent, nothing when nothing did.
export function useConsentEditing() {
  const { t } = useTranslation('consents');
  const update = useUpdateConsent();
  const [status, setStatus] = useState<StatusStep>(null);
  // The comment modal is separate from the status modals.
  const [commenting, setCommenting] = useState<ConsentEntryWire | null>(null);

  const sendStatus = (entry: ConsentEntryWire, next: SettableConsentStatus) => {
    const patch = buildConsentPatch(entry, { status: next });
    if (!patch) {
      setStatus(null);
      return;
    }
    update.mutate(patch, {
      onSuccess: () => {
        setStatus(null);
        showToast('success', t('toast.statusChanged', { phone: entry.phone }));
      },
      onError: (error) => {
        const toast = changeToast('status', error);
        showToast(toast.kind, t(`toast.${toast.key}`, { phone: entry.phone }));
      },
    });
  };

  return {
    status,
    commenting,
    busy: update.isPending,
    openStatus: (entry: ConsentEntryWire) => {
      setCommenting(null);
      setStatus({ step: 'choose', entry, initial: null });
    },
    // The first modal's choice: save at once, or hand over to the second modal.
    chooseStatus: (next: SettableConsentStatus) => {
      if (status?.step !== 'choose') return;
      const reason = confirmReason(status.entry, next);
      if (reason) setStatus({ step: 'confirm', entry: status.entry, next, reason });
      else sendStatus(status.entry, next);
    },
    confirmStatus: () => {
      if (status?.step === 'confirm') sendStatus(status.entry, status.next);
    },
    backToChoice: () => {
      if (status?.step === 'confirm') setStatus({ step: 'choose', entry: status.entry, initial: status.next });
    },
    closeStatus: () => {
      if (!update.isPending) setStatus(null);
    },
    openComment: (entry: ConsentEntryWire) => {
      setStatus(null);
      setCommenting(entry);
    },
    saveComment: (comment: string) => {
      const entry = commenting;
      if (!entry) return;
      const patch = buildConsentPatch(entry, { comment });
      if (!patch) {
        setCommenting(null);
        return;
      }
      update.mutate(patch, {
        onSuccess: () => {
          setCommenting(null);
          showToast('success', t('toast.commentSaved', { phone: entry.phone }));
        },
        onError: (error) => {
          const toast = changeToast('comment', error);
          showToast(toast.kind, t(`toast.${toast.key}`, { phone: entry.phone }));
        },
      });
    },
    closeComment: () => {
      if (!update.isPending) setCommenting(null);
    },
  };
}
