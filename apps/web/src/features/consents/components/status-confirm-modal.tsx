import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import type { SettableConsentStatus } from '@salon/contract/consents-rules';
import { statusOf, type ConfirmReason } from '../consent-list-rules';

interface StatusConfirmModalProps {
  ask: { entry: ConsentEntryWire; next: SettableConsentStatus; reason: ConfirmReason } | null;
  busy: boolean;
  onConfirm: () => void;
  // Back to the first modal with the choice kept.
  onBack: () => void;
  onClose: () => void;
}

// The second status modal (SPEC 4: never open together with the first): asks again before
// replacing a client's own answer or recording a consent by hand.
export function StatusConfirmModal({ ask, busy, onConfirm, onBack, onClose }: StatusConfirmModalProps) {
  const { t } = useTranslation('consents');
  return (
    <Modal
      opened={ask !== null}
      onClose={onClose}
      title={t('confirmModal.title')}
      centered
      data-testid="consent-confirm-modal"
    >
      {ask && (
        <Stack gap="md">
          <Text size="sm">
            {ask.reason === 'overrideClient'
              ? t('confirmModal.overrideClient', {
                  status: t(`status.${statusOf(ask.entry)}`),
                  next: t(`status.${ask.next}`),
                })
              : t('confirmModal.manualConsent')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} disabled={busy}>
              {t('confirmModal.back')}
            </Button>
            <Button
              color={ask.next === 'consent' ? undefined : 'red'}
              loading={busy}
              onClick={onConfirm}
              data-autofocus
              data-testid="consent-confirm"
            >
              {t('confirmModal.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
