import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalCrmRecordWire } from '@salon/contract/local-crm';
import { timeRange } from '../dev-crm-rules';

interface CancelRecordModalProps {
  record: LocalCrmRecordWire | null;
  timeZone: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

// Cancelling deletes the booking for good, so it is asked once more.
export function CancelRecordModal({ record, timeZone, busy, onConfirm, onClose }: CancelRecordModalProps) {
  const { t } = useTranslation('dev-crm');
  return (
    <Modal opened={record !== null} onClose={onClose} title={t('cancelRecord.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {record && t('cancelRecord.body', { client: record.client_name, time: timeRange(record, timeZone) })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancelRecord.keep')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="crm-cancel-confirm">
            {t('cancelRecord.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
