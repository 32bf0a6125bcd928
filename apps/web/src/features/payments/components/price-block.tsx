import type { ReactNode } from 'react';
import { Alert, Button, Group, LoadingOverlay, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PayCurrency, PriceCalculation } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';

interface PriceBlockProps {
  price: PriceCalculation | undefined;
  loading: boolean;
  // The translated reason the price could not be calculated.
  error: string | null;
  currency: PayCurrency;
  paying: boolean;
  onPay: () => void;
  onRetry: () => void;
  // Another way to pay the same choice (the invoice button), beside the pay button.
  extraAction?: ReactNode;
}

// The answer of calculate_price: the total, each module's months, extra days and cost, and the new
// paid-till day; the pay button asks for the checkout link.
export function PriceBlock({ price, loading, error, currency, paying, onPay, onRetry, extraAction }: PriceBlockProps) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  const mobile = useIsMobile();

  if (error && !loading) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="pay-price-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('price.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md" pos="relative" data-testid="pay-price" data-loading={loading} aria-busy={loading}>
      <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} aria-label={t('price.loading')} />
      {!price ? (
        <Stack gap="xs" data-testid="pay-price-skeleton">
          <Skeleton height={14} width="60%" radius="sm" />
          <Skeleton height={14} width="45%" radius="sm" />
          <Skeleton height={28} width="30%" radius="sm" mt="xs" />
        </Stack>
      ) : (
        <>
          {mobile ? (
            <Stack gap="xs" data-testid="pay-price-modules">
              {price.modules_cost.map((row) => (
                <Group
                  key={row.module}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  data-testid={`pay-price-${row.module}`}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {t(`modules.names.${row.module}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.days > 0
                        ? t('price.termWithDays', { months: row.months, days: t('price.days', { count: row.days }) })
                        : t('price.term', { months: row.months })}
                    </Text>
                  </Stack>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.cost, currency)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <ScrollTable minWidth={420}>
              <Table verticalSpacing="xs" data-testid="pay-price-modules">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('price.columns.module')}</Table.Th>
                    <Table.Th ta="right">{t('price.columns.months')}</Table.Th>
                    <Table.Th ta="right">{t('price.columns.days')}</Table.Th>
                    <Table.Th ta="right">{t('price.columns.cost')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {price.modules_cost.map((row) => (
                    <Table.Tr key={row.module} data-testid={`pay-price-${row.module}`}>
                      <Table.Td>{t(`modules.names.${row.module}`)}</Table.Td>
                      <Table.Td ta="right">{row.months}</Table.Td>
                      <Table.Td ta="right">
                        {row.days > 0 ? t('price.days', { count: row.days }) : t('price.noDays')}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(row.cost, currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('price.total')}
              </Text>
              <Text fw={700} size="xl" data-testid="pay-price-total">
                {formatMoney(price.full_cost, currency)}
              </Text>
              <Text size="sm" data-testid="pay-price-new-till">
                {t('price.newTill', { date: dates.day(price.new_data_if_pay_days) })}
              </Text>
            </Stack>
            <Group gap="sm" w={{ base: '100%', xs: 'auto' }} wrap="wrap">
              {extraAction}
              <Button
                size="md"
                onClick={onPay}
                loading={paying}
                disabled={loading}
                w={{ base: '100%', xs: 'auto' }}
                data-testid="pay-submit"
              >
                {t('price.pay')}
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
