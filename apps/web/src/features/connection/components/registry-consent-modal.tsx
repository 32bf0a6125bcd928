import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useAcceptRegistryConsent } from '../api/accept-registry-consent';

interface RegistryConsentModalProps {
  opened: boolean;
  onClose: () => void;
}

// The rules of the mass-messaging registry, which the owner accepts once per branch.
export function RegistryConsentModal({ opened, onClose }: RegistryConsentModalProps) {
  const { t } = useTranslation(['connection', 'errors']);
  const accept = useAcceptRegistryConsent();
  const submit = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        showToast('success', t('connection:registry.accepted'));
        onClose();
      },
      onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
    });

  return (
    // Shown by itself, so it does not block the page: no overlay or focus trap, and clicks beside it
    // (the header, the menu) go through. It sits below the header.
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('connection:registry.title')}
      size="lg"
      yOffset={84}
      withOverlay={false}
      trapFocus={false}
      lockScroll={false}
      closeOnClickOutside={false}
      shadow="xl"
      styles={{
        inner: { pointerEvents: 'none' },
        content: { pointerEvents: 'auto', border: '1px solid var(--mantine-color-gray-3)' },
      }}
    >
      <Stack gap="md" data-testid="registry-consent">
        <Text size="sm">{t('connection:registry.intro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('connection:registry.ruleConsent')}</List.Item>
          <List.Item>{t('connection:registry.ruleOptOut')}</List.Item>
          <List.Item>{t('connection:registry.ruleSender')}</List.Item>
          <List.Item>{t('connection:registry.rulePace')}</List.Item>
        </List>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="registry-consent-later">
            {t('connection:registry.later')}
          </Button>
          <Button onClick={submit} loading={accept.isPending} data-testid="registry-consent-accept">
            {t('connection:registry.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
