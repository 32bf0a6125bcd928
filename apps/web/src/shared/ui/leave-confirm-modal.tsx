import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LeaveConfirmModalProps {
  opened: boolean;
  onLeave: () => void;
  onStay: () => void;
  // What is lost, in the page's own words; the common text otherwise.
  text?: string;
}

// Asked when the user leaves an editor with unsaved changes; Enter leaves, Escape stays.
export function LeaveConfirmModal({ opened, onLeave, onStay, text }: LeaveConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onStay} title={t('leave.title')} centered data-testid="leave-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onLeave();
        }}
      >
        <Text size="sm">{text ?? t('leave.text')}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onStay} data-testid="leave-stay">
            {t('leave.stay')}
          </Button>
          <Button type="submit" color="red" data-autofocus data-testid="leave-confirm">
            {t('leave.leave')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
