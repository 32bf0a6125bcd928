import { Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import type { SendoutActions } from '../hooks/use-sendout-actions';
import { sendoutAction } from '../started-rules';

// Stop for a planned or started send-out, resume for a paused one (SPEC 4).
export function SendoutActionButton({ row, actions }: { row: ActionSendoutWire; actions: SendoutActions }) {
  const { t } = useTranslation('mailing');
  const action = sendoutAction(row.status);
  if (!action) return null;
  const busy = actions.busyId === row.sendout_id;
  return action === 'stop' ? (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconPlayerPause size={14} aria-hidden />}
      onClick={() => actions.askStop(row)}
      loading={busy}
      disabled={actions.busyId !== null}
      data-testid={`started-stop-${row.sendout_id}`}
    >
      {t('started.stop')}
    </Button>
  ) : (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPlayerPlay size={14} aria-hidden />}
      onClick={() => actions.resume(row)}
      loading={busy}
      disabled={actions.busyId !== null}
      data-testid={`started-resume-${row.sendout_id}`}
    >
      {t('started.resume')}
    </Button>
  );
}
