import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  // In the calling feature's namespace (the common one has no dialog words).
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
  // The modal's test id; its buttons get `<testId>-cancel` and `<testId>-confirm`.
  testId: string;
  // While the confirmed action runs: the confirm button spins and cancel waits for it.
  busy?: boolean;
  // A red confirm button, for a delete or a switch-off.
  danger?: boolean;
  // More than the text (the list of templates a switch-off takes with it).
  children?: ReactNode;
}

// Asks before an action; Enter confirms, Escape cancels. (Leaving an unsaved page has LeaveConfirmModal.)
export function ConfirmModal({
  opened,
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  onClose,
  testId,
  busy = false,
  danger = false,
  children,
}: ConfirmModalProps) {
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
            {cancel}
          </Button>
          <Button
            type="submit"
            color={danger ? 'red' : undefined}
            loading={busy}
            data-autofocus
            data-testid={`${testId}-confirm`}
          >
            {confirm}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
