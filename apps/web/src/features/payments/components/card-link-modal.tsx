import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_BINDING_AMOUNT, type PayCurrency } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import type { CardLinkKind } from '../api/get-autopay-link';

interface CardLinkModalProps {
  kind: CardLinkKind | null;
  currency: PayCurrency;
  waiting: boolean;
  onContinue: (kind: CardLinkKind) => void;
  onClose: () => void;
}

// SPEC 4: autopay is connected (and the card changed) through the provider's checkout; it first says
// what happens there: a small charge that saves the card and is refunded at once.
export function CardLinkModal({ kind, currency, waiting, onContinue, onClose }: CardLinkModalProps) {
  const { t } = useTranslation('payments');
  const amount = formatMoney(CARD_BINDING_AMOUNT[currency], currency);
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind === 'changeCard' ? t('autopay.changeTitle') : t('autopay.connectTitle')}
      centered
    >
      {kind !== null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onContinue(kind);
          }}
          data-testid="autopay-link-modal"
          data-kind={kind}
        >
          <Stack gap="sm">
            <Text size="sm">{kind === 'changeCard' ? t('autopay.changeBody') : t('autopay.connectBody')}</Text>
            <Text size="sm" data-testid="autopay-binding-amount">
              {t('autopay.bindingCharge', { amount })}
            </Text>
          </Stack>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose} disabled={waiting}>
              {t('autopay.cancel')}
            </Button>
            <Button type="submit" loading={waiting} data-autofocus data-testid="autopay-link-continue">
              {t('autopay.toCheckout')}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
