import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayCurrency, PayPeriod } from '@salon/contract/payments';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { formatMoney } from '../../../shared/i18n/format-money';
import { bonusParts, type PeriodCard } from '../pay-rules';
import classes from './period-cards.module.css';

interface PeriodCardsProps {
  cards: readonly PeriodCard[];
  value: PayPeriod | null;
  currency: PayCurrency;
  onChange: (months: PayPeriod) => void;
}

// The month cards (SPEC 9): one radio group, so the keyboard moves between them like any choice.
export function PeriodCards({ cards, value, currency, onChange }: PeriodCardsProps) {
  const { t, i18n } = useTranslation('payments');
  const percent = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 2 });
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const card = cards.find((c) => String(c.months) === next);
        if (card) onChange(card.months);
      }}
      aria-label={t('periods.title')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: cards.length }} spacing="md" data-testid="pay-periods">
        {cards.map((card) => (
          <Radio.Card
            key={card.months}
            value={String(card.months)}
            radius="md"
            className={classes.card}
            data-testid={`pay-period-${card.months}`}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text fw={700} size="lg">
                  {t('periods.months', { count: card.months })}
                </Text>
                <Radio.Indicator />
              </Group>
              {card.popular && (
                <Badge variant="filled" size="sm" w="fit-content" data-testid="pay-period-popular">
                  {t('periods.popular')}
                </Badge>
              )}
              {bonusParts(card).map((part) => (
                <Text key={part.kind} size="sm" c="teal" fw={600} data-testid={`pay-period-${part.kind}`}>
                  {t(`periods.${part.kind}`, { count: part.count })}
                </Text>
              ))}
              <Text size="sm" data-testid="pay-period-month-cost">
                {t('periods.perMonth', { price: formatMoney(card.monthCost, currency) })}
              </Text>
              {card.discountPercent > 0 && (
                <Badge variant="light" color="orange" size="sm" w="fit-content" data-testid="pay-period-discount">
                  {t('periods.discount', { percent: percent.format(card.discountPercent) })}
                </Badge>
              )}
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
