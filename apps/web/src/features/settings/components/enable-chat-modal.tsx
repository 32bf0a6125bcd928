import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EnableChatModalProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

// SPEC 4: turning the chat in the bot back on is confirmed first.
export function EnableChatModal({ opened, onConfirm, onCancel }: EnableChatModalProps) {
  const { t } = useTranslation('settings');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('general.enableChatModal.title')} centered>
      <Stack gap="md" data-testid="enable-chat-modal">
        <Text size="sm">{t('general.enableChatModal.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="enable-chat-cancel">
            {t('general.enableChatModal.cancel')}
          </Button>
          <Button onClick={onConfirm} data-testid="enable-chat-confirm">
            {t('general.enableChatModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
