import { useMemo, useState, type ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PayData } from '@salon/contract/payments';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { SectionCard } from '../../../shared/ui/section-card';
import { usePriceCalculation, type PriceRequest } from '../api/calculate-price';
import { usePayData } from '../api/get-pay-data';
import { AutopaySection } from '../components/autopay-section';
import { InvoiceList } from '../components/invoice-list';
import { InvoiceModal } from '../components/invoice-modal';
import { ModuleChoice } from '../components/module-choice';
import { PaySkeleton } from '../components/pay-skeleton';
import { PayStatusCard } from '../components/pay-status-card';
import { PeriodCards } from '../components/period-cards';
import { PriceBlock } from '../components/price-block';
import { usePayLink } from '../hooks/use-pay-link';
import { usePayErrorText } from '../hooks/use-pay-error-text';
import { usePaySelection } from '../hooks/use-pay-selection';
import { invoiceOffered } from '../invoice-rules';
import { periodCards } from '../pay-rules';
import { priceRequest } from '../pay-selection';
import { payClickGoal, reachGoal } from '../visit-goals';

// The checkout is the provider's page: the whole tab goes there.
const goTo = (url: string) => window.location.assign(url);

// /pay: month cards, module choice, the calculated price and the pay link, autopay, and invoices for
// legal entities (SPEC 2, 3, 4, 8, 9).
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
  const errorText = usePayErrorText();
  const invoices = invoiceOffered(data);
  const [invoiceFor, setInvoiceFor] = useState<PriceRequest | null>(null);

  const priceError = price.isError ? errorText(price.error) : null;

  return (
    <Stack gap="md">
      <PayStatusCard data={data} />
      <AutopaySection data={data} />
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
            onPay={() => {
              reachGoal(payClickGoal(request.months));
              link.mutate(request);
            }}
            onRetry={() => void price.refetch()}
            extraAction={
              invoices && (
                <Button
                  size="md"
                  variant="default"
                  leftSection={<IconFileInvoice size={18} aria-hidden />}
                  disabled={price.isFetching || link.isPending}
                  onClick={() => setInvoiceFor(request)}
                  w={{ base: '100%', xs: 'auto' }}
                  data-testid="pay-invoice"
                >
                  {t('payments:invoices.byInvoice')}
                </Button>
              )
            }
          />
        )}
      </SectionCard>
      {invoices && (
        <SectionCard
          title={t('payments:invoices.title')}
          description={t('payments:invoices.description')}
          testId="pay-invoices-section"
        >
          <InvoiceList />
        </SectionCard>
      )}
      <InvoiceModal
        request={invoiceFor}
        total={invoiceFor && price.data && !price.isPlaceholderData ? price.data.full_cost : undefined}
        currency={data.currency}
        onClose={() => setInvoiceFor(null)}
      />
    </Stack>
  );
}
