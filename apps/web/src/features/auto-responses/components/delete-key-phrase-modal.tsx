import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteKeyPhraseModalProps {
  // The words of the phrase being deleted; null when the modal is closed.
  words: readonly string[] | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

// Asks before a delete; Enter confirms, Escape cancels.
export function DeleteKeyPhraseModal({ words, busy, onConfirm, onClose }: DeleteKeyPhraseModalProps) {
  const { t } = useTranslation('auto-responses');
  const testId = 'key-phrase-delete-modal';
  return (
    <Modal opened={words !== null} onClose={onClose} title={t('delete.title')} centered data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {words && words.length > 0
            ? t('delete.text', { words: words.map((word) => `«${word}»`).join(', ') })
            : t('delete.textNoWords')}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-autofocus data-testid={`${testId}-confirm`}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
