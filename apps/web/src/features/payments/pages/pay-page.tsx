import { useMemo, type ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayData } from '@salon/contract/payments';
import { statusMessageKey } from '../../../shared/api/error-message';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { SectionCard } from '../../../shared/ui/section-card';
import { usePriceCalculation } from '../api/calculate-price';
import { usePayData } from '../api/get-pay-data';
import { ModuleChoice } from '../components/module-choice';
import { PaySkeleton } from '../components/pay-skeleton';
import { PayStatusCard } from '../components/pay-status-card';
import { PeriodCards } from '../components/period-cards';
import { PriceBlock } from '../components/price-block';
import { usePayLink } from '../hooks/use-pay-link';
import { usePaySelection } from '../hooks/use-pay-selection';
import { payErrorKey } from '../pay-link-rules';
import { periodCards } from '../pay-rules';
import { priceRequest } from '../pay-selection';

// The checkout is the provider's page: the whole tab goes there.
const goTo = (url: string) => window.location.assign(url);

// /pay: month cards, module choice, the calculated price and the pay link (SPEC 2, 3, 4, 8, 9).
export function PayPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['payments', 'pages']);
  const pay = usePayData();

  let body: ReactNode;
  if (pay.isPending) body = <PaySkeleton />;
  else if (pay.isError) body = <QueryErrorView error={pay.error} onRetry={() => void pay.refetch()} />;
  else body = <PayForm data={pay.data} />;

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.pay')}</PageTitle>
      {tabs}
      {body}
    </Stack>
  );
}

function PayForm({ data }: { data: PayData }) {
  const { t } = useTranslation(['payments', 'errors']);
  const [selection, dispatch] = usePaySelection(data.active_modules);
  const cards = useMemo(() => periodCards(data), [data]);
  const request = priceRequest(selection);
  const price = usePriceCalculation(request);
  const link = usePayLink({ onLink: () => dispatch({ type: 'linkObtained' }), go: goTo });

  let priceError: string | null = null;
  if (price.isError) {
    const key = payErrorKey(price.error);
    priceError = key ? t(`payments:errors.${key}`) : t(`errors:${statusMessageKey(price.error)}`);
  }

  return (
    <Stack gap="md">
      <PayStatusCard data={data} />
      <SectionCard
        title={t('payments:periods.title')}
        description={t('payments:periods.description')}
        testId="pay-periods-section"
      >
        <PeriodCards
          cards={cards}
          value={selection.months}
          currency={data.currency}
          onChange={(months) => dispatch({ type: 'choosePeriod', months })}
        />
      </SectionCard>
      <SectionCard
        title={t('payments:modules.title')}
        description={t('payments:modules.description')}
        testId="pay-modules-section"
      >
        <ModuleChoice
          data={data}
          selected={selection.modules}
          onToggle={(module) => dispatch({ type: 'toggleModule', module })}
        />
      </SectionCard>
      <SectionCard title={t('payments:price.title')} testId="pay-price-section">
        {request === null ? (
          <Text size="sm" c="dimmed" data-testid="pay-price-hint">
            {selection.months === null ? t('payments:price.chooseCard') : t('payments:modules.none')}
          </Text>
        ) : (
          <PriceBlock
            price={price.data}
            loading={price.isFetching}
            error={priceError}
            currency={data.currency}
            paying={link.isPending}
            onPay={() => link.mutate(request)}
            onRetry={() => void price.refetch()}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
