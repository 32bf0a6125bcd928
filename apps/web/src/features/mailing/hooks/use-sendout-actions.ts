import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { showToast } from '../../../shared/toast/show-toast';
import { useResumeSendout } from '../api/resume-sendout';
import { useStopSendout } from '../api/stop-sendout';
import { actionErrorMessage } from '../launch-error-rules';
import { useMessageText } from './use-message-text';

export interface SendoutActions {
  // The send-out waiting for the stop confirmation.
  stopping: ActionSendoutWire | null;
  askStop: (row: ActionSendoutWire) => void;
  confirmStop: () => void;
  cancelStop: () => void;
  resume: (row: ActionSendoutWire) => void;
  // The send-out whose stop or resume is under way.
  busyId: string | null;
}

// Stop (after a confirmation) and resume of the started list; the list refreshes after each (SPEC 4).
export function useSendoutActions(): SendoutActions {
  const { t } = useTranslation('mailing');
  const stop = useStopSendout();
  const resume = useResumeSendout();
  const messageText = useMessageText();
  const [stopping, setStopping] = useState<ActionSendoutWire | null>(null);
  const busyId = stop.isPending ? (stop.variables ?? null) : resume.isPending ? (resume.variables ?? null) : null;

  return {
    stopping,
    askStop: setStopping,
    cancelStop: () => setStopping(null),
    confirmStop: () => {
      if (!stopping || stop.isPending) return;
      stop.mutate(stopping.sendout_id, {
        onSuccess: () => {
          setStopping(null);
          showToast('success', t('started.toast.stopped'));
        },
        onError: (error) => showToast('error', messageText(actionErrorMessage(error))),
      });
    },
    resume: (row) => {
      if (resume.isPending) return;
      resume.mutate(row.sendout_id, {
        onSuccess: () => showToast('success', t('started.toast.resumed')),
        onError: (error) => showToast('error', messageText(actionErrorMessage(error))),
      });
    },
    busyId,
  };
}
