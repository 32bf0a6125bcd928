import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAY_MODULES, type PayData, type PayModule } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { modulePrice } from '../pay-rules';
import classes from './period-cards.module.css';

interface ModuleChoiceProps {
  data: Pick<PayData, 'modules_price' | 'modules_paid_till' | 'currency'>;
  selected: readonly PayModule[];
  onToggle: (module: PayModule) => void;
}

// WA, TG and loyalty as ticks, each with its month price and how long it is already paid.
export function ModuleChoice({ data, selected, onToggle }: ModuleChoiceProps) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="pay-modules">
        {PAY_MODULES.map((module) => {
          const till = data.modules_paid_till[module];
          const checked = selected.includes(module);
          return (
            <Checkbox.Card
              key={module}
              checked={checked}
              onChange={() => onToggle(module)}
              radius="md"
              className={classes.card}
              aria-label={t(`modules.names.${module}`)}
              data-testid={`pay-module-${module}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox.Indicator />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{t(`modules.names.${module}`)}</Text>
                  <Text size="sm">
                    {t('modules.perMonth', {
                      price: formatMoney(modulePrice(data.modules_price, module), data.currency),
                    })}
                  </Text>
                  <Text size="xs" c={till ? 'dimmed' : 'red'} data-testid={`pay-module-${module}-till`}>
                    {till ? t('modules.paidTill', { date: dates.day(till) }) : t('modules.notPaid')}
                  </Text>
                </Stack>
              </Group>
            </Checkbox.Card>
          );
        })}
      </SimpleGrid>
      {selected.length === 0 && (
        <Text size="sm" c="red" role="alert" data-testid="pay-modules-none">
          {t('modules.none')}
        </Text>
      )}
    </Stack>
  );
}
