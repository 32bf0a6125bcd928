import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { excerpt } from '../started-rules';

interface StopConfirmModalProps {
  row: ActionSendoutWire | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

// Stopping pauses the send-out: what was sent stays sent, the rest waits for a resume.
export function StopConfirmModal({ row, busy, onConfirm, onClose }: StopConfirmModalProps) {
  const { t } = useTranslation('mailing');
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('started.stopModal.title')} centered>
      {row && (
        <Stack gap="md" data-testid="started-stop-modal">
          <Text size="sm">{t('started.stopModal.body', { sent: row.sent, count: row.count })}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {excerpt(row.msg, 140)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('started.stopModal.cancel')}
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy} data-autofocus data-testid="started-stop-confirm">
              {t('started.stopModal.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
