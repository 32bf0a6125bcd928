import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface AutopayOffModalProps {
  opened: boolean;
  waiting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

// SPEC 4: autopay is turned off only after a confirmation.
export function AutopayOffModal({ opened, waiting, onConfirm, onClose }: AutopayOffModalProps) {
  const { t } = useTranslation('payments');
  return (
    <Modal opened={opened} onClose={onClose} title={t('autopay.offTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
        data-testid="autopay-off-modal"
      >
        <Text size="sm">{t('autopay.offBody')}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={waiting} data-testid="autopay-off-cancel">
            {t('autopay.keep')}
          </Button>
          <Button type="submit" color="red" loading={waiting} data-autofocus data-testid="autopay-off-confirm">
            {t('autopay.offConfirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
