import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface WithdrawOutcome {
  // What was requested, in the answer's currency and words.
  sum: string;
  // Salon partners: the days added to their subscription; consultants: null.
  days: number | null;
}

// SPEC 4: on success a modal says the withdrawal was requested (consultant) or the days were added (salon).
export function WithdrawSuccessModal({ outcome, onClose }: { outcome: WithdrawOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('partners');
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      title={t('payments.success.title')}
      centered
      data-testid="withdraw-success"
    >
      {outcome && (
        <Text size="sm" data-testid="withdraw-success-text">
          {outcome.days === null
            ? t('payments.success.consultant', { sum: outcome.sum })
            : t('payments.success.salon', { count: outcome.days })}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus data-testid="withdraw-success-close">
          {t('payments.success.close')}
        </Button>
      </Group>
    </Modal>
  );
}
