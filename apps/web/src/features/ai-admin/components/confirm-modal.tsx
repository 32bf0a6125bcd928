import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

// SPEC 4: asked before the assistant goes on or into automatic mode; Enter confirms, Escape cancels.
export function ConfirmModal({ opened, title, text, confirm, onConfirm, onClose, testId }: ConfirmModalProps) {
  const { t } = useTranslation('ai-admin');
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
          <Button variant="default" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" data-autofocus data-testid={`${testId}-confirm`}>
            {confirm}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
