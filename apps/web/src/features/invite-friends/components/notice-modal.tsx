import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivationBlock } from '../loyalty-action-rules';

// What a warning modal explains: no loyalty rights in the CRM, or why activation is blocked.
export type LoyaltyNotice = 'noPermission' | ActivationBlock;

interface NoticeModalProps {
  notice: LoyaltyNotice | null;
  onClose: () => void;
}

// SPEC 4 warning modals: loyalty_permission_status false (nothing was applied), card types that did
// not load, no card type chosen. One button closes it; Escape and Enter too.
export function NoticeModal({ notice, onClose }: NoticeModalProps) {
  const { t } = useTranslation('invite-friends');
  return (
    <Modal
      opened={notice !== null}
      onClose={onClose}
      title={notice ? t(`notice.${notice}.title`) : ''}
      centered
      data-testid="notice-modal"
    >
      {notice && (
        <>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid={`notice-${notice}`}
          >
            <Text size="sm">{t(`notice.${notice}.text`)}</Text>
          </Alert>
          <Group justify="flex-end" mt="lg">
            <Button onClick={onClose} data-autofocus data-testid="notice-modal-close">
              {t('dialogs.understood')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
