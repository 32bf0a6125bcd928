import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteSegmentModalProps {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteSegmentModal({ name, busy, onConfirm, onClose }: DeleteSegmentModalProps) {
  const { t } = useTranslation('mailing-segments');
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      title={t('delete.title')}
      centered
      data-testid="segment-delete-modal"
    >
      <Stack gap="md">
        <Text size="sm">{t('delete.text', { name: name ?? '' })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-testid="segment-delete-confirm">
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
