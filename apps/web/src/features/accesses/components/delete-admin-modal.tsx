import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteAdminModalProps {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteAdminModal({ name, busy, onConfirm, onCancel }: DeleteAdminModalProps) {
  const { t } = useTranslation('accesses');
  return (
    <Modal opened={name !== null} onClose={onCancel} title={t('edit.deleteTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('edit.deleteBody', { name: name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('edit.deleteCancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="admin-delete-confirm">
            {t('edit.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
