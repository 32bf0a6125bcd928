import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useBonuses } from '../api/get-bonuses';
import { PromoSelect } from '../components/promo-select';
import { ConsultantHistory } from '../components/payments/consultant-history';
import { SalonHistory } from '../components/payments/salon-history';
import { WithdrawBlock } from '../components/payments/withdraw-block';
import { usePromoCode } from '../hooks/use-promo-code';

// /history_of_payment "Payment history" (SPEC 2, 3 consultant and salon history, 4 Bonuses): the
// payouts or bonus days so far and the withdrawal of what is payable now.
export function PaymentsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation('pages');
  const { code, partnerType } = usePromoCode();
  const salon = partnerType === 'salon';
  const mobile = useIsMobile();
  // The history rows carry no currency; the bonuses (the same code's money) do.
  const currency = useBonuses(code).data?.currency ?? 'RUB';

  return (
    <Stack gap={0}>
      <PageTitle>{t('titles.historyOfPayment')}</PageTitle>
      {tabs}
      <Stack gap="md" data-testid="partner-payments">
        {!salon && <PromoSelect />}
        {salon ? (
          <SalonHistory currency={currency} mobile={mobile} />
        ) : (
          <ConsultantHistory code={code} currency={currency} mobile={mobile} />
        )}
        <WithdrawBlock code={code} salon={salon} />
      </Stack>
    </Stack>
  );
}
