import type { ReactNode } from 'react';
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
  // More than the text (the disable-warning's list of templates).
  children?: ReactNode;
}

// Asks before a delete or a switch-off; Enter confirms, Escape cancels.
export function ConfirmModal({
  opened,
  title,
  text,
  confirm,
  busy,
  onConfirm,
  onClose,
  testId,
  children,
}: ConfirmModalProps) {
  const { t } = useTranslation('invite-friends');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Text size="sm">{text}</Text>
        {children}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-autofocus data-testid={`${testId}-confirm`}>
            {confirm}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
