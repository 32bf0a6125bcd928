import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

// Asks before a delete; Enter confirms, Escape cancels.
export function ConfirmModal({ opened, title, text, confirm, busy, onConfirm, onClose, testId }: ConfirmModalProps) {
  const { t } = useTranslation('reviews');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-autofocus data-testid={`${testId}-confirm`}>
            {confirm}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
