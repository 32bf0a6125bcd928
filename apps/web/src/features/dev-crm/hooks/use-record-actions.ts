import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalCrmRecordWire } from '@salon/contract/local-crm';
import { showToast } from '../../../shared/toast/show-toast';
import { useChangeLocalCrmRecord, type RecordChange } from '../api/change-local-crm-record';
import { useFailureText } from './use-failure-text';
import type { RecordActionKind } from '../dev-crm-rules';

// The record buttons: one-click changes go straight out; move and cancel ask first (a form, a
// confirmation). Each change reports itself in a toast.
export function useRecordActions(onMoved: (localStart: string) => void) {
  const { t } = useTranslation('dev-crm');
  const change = useChangeLocalCrmRecord();
  const failureText = useFailureText();
  const [moving, setMoving] = useState<LocalCrmRecordWire | null>(null);
  const [cancelling, setCancelling] = useState<LocalCrmRecordWire | null>(null);
  const [pending, setPending] = useState<{ id: string; action: RecordActionKind } | null>(null);

  const run = (action: RecordActionKind, input: RecordChange, onDone?: (record: LocalCrmRecordWire) => void) => {
    setPending({ id: input.id, action });
    change.mutate(input, {
      onSuccess: ({ record }) => {
        showToast('success', t(`toast.${action}`));
        onDone?.(record);
      },
      onError: (error) => showToast('error', failureText(error)),
      onSettled: () => setPending(null),
    });
  };

  const start = (record: LocalCrmRecordWire, action: RecordActionKind) => {
    const id = record.id;
    if (action === 'move') setMoving(record);
    else if (action === 'cancel') setCancelling(record);
    else if (action === 'pay') run(action, { type: 'pay', id });
    else if (action === 'came') run(action, { type: 'attendance', id, attendance: 1 });
    else if (action === 'didNotCome') run(action, { type: 'attendance', id, attendance: -1 });
    else run(action, { type: 'attendance', id, attendance: 2 });
  };

  return {
    start,
    pendingOf: (id: string) => (pending?.id === id ? pending.action : null),
    moving,
    cancelling,
    busy: change.isPending,
    move: (startAt: string, staffId: string) =>
      moving &&
      run('move', { type: 'move', id: moving.id, start: startAt, staffId }, (record) => {
        setMoving(null);
        // The day view follows the booking to its new day.
        onMoved(record.local_start);
      }),
    cancel: () => cancelling && run('cancel', { type: 'cancel', id: cancelling.id }, () => setCancelling(null)),
    closeMove: () => setMoving(null),
    closeCancel: () => setCancelling(null),
  };
}
