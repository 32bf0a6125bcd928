import { useMemo } from 'react';
import { Button, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationList } from '@salon/contract/partners';
import { OPERATION_STATUSES, OPERATION_STATUS_KEYS, type OperationStatus } from '@salon/contract/partners-rules';
import { DateField } from '../../../../shared/ui/date-field';
import { filterChoices, type OperationFilters as Filters } from '../../operations-rules';
import { PromoSelect } from '../promo-select';
import { SumField } from './sum-field';

interface OperationFiltersProps {
  filters: Filters;
  branches: OperationList['branches'];
  canReset: boolean;
  onChange: (patch: Partial<Filters>, replace?: boolean) => void;
  onReset: () => void;
}

// Two bounds of one range side by side, also on a phone.
const PAIR = { gap: 'sm', wrap: 'nowrap', align: 'flex-end', w: { base: '100%', xs: 'auto' } } as const;

const isStatus = (value: string): value is OperationStatus => (OPERATION_STATUSES as readonly string[]).includes(value);

// SPEC 5 partner filters: the promo code, sums and operation dates (each end may be open),
// branches, filial names and statuses.
export function OperationFilters({ filters, branches, canReset, onChange, onReset }: OperationFiltersProps) {
  const { t } = useTranslation('partners');
  const choices = useMemo(() => filterChoices(branches), [branches]);
  const branchData = useMemo(() => {
    const options = choices.branches.map(({ id, name }) => ({
      value: String(id),
      label: t('operations.filters.branchOption', { id, name }),
    }));
    const known = new Set(options.map((o) => o.value));
    // A branch picked earlier (a shared link) stays visible by its id.
    for (const id of filters.branches) if (!known.has(String(id))) options.push({ value: String(id), label: `#${id}` });
    return options;
  }, [choices.branches, filters.branches, t]);
  const nameData = useMemo(
    () => [...new Set([...choices.filialNames, ...filters.filialNames])],
    [choices.filialNames, filters.filialNames],
  );
  const multi = { searchable: true, clearable: true, hidePickedOptions: true, w: { base: '100%', sm: 240 } } as const;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="operation-filters">
      <PromoSelect />
      <Group {...PAIR}>
        <SumField
          label={t('operations.filters.sumFrom')}
          value={filters.sumFrom}
          onChange={(sumFrom) => onChange({ sumFrom }, true)}
          testId="operation-sum-from"
        />
        <SumField
          label={t('operations.filters.sumTo')}
          value={filters.sumTo}
          onChange={(sumTo) => onChange({ sumTo }, true)}
          testId="operation-sum-to"
        />
      </Group>
      <Group {...PAIR}>
        <DateField
          label={t('operations.filters.dateFrom')}
          value={filters.dateFrom ?? ''}
          onChange={(day) => onChange({ dateFrom: day || null })}
          flex={{ base: 1, xs: 'none' }}
          w={{ base: 'auto', xs: 170 }}
          testId="operation-date-from"
        />
        <DateField
          label={t('operations.filters.dateTo')}
          value={filters.dateTo ?? ''}
          onChange={(day) => onChange({ dateTo: day || null })}
          flex={{ base: 1, xs: 'none' }}
          w={{ base: 'auto', xs: 170 }}
          testId="operation-date-to"
        />
      </Group>
      <MultiSelect
        {...multi}
        label={t('operations.filters.branches')}
        placeholder={filters.branches.length === 0 ? t('operations.filters.any') : undefined}
        data={branchData}
        value={filters.branches.map(String)}
        onChange={(values) => onChange({ branches: values.map(Number) })}
        data-testid="operation-branches"
      />
      <MultiSelect
        {...multi}
        label={t('operations.filters.filialNames')}
        placeholder={filters.filialNames.length === 0 ? t('operations.filters.any') : undefined}
        data={nameData}
        value={filters.filialNames}
        onChange={(filialNames) => onChange({ filialNames })}
        data-testid="operation-filial-names"
      />
      <MultiSelect
        {...multi}
        label={t('operations.filters.statuses')}
        placeholder={filters.statuses.length === 0 ? t('operations.filters.any') : undefined}
        data={OPERATION_STATUSES.map((status) => ({
          value: status,
          label: t(`operations.status.${OPERATION_STATUS_KEYS[status]}`),
        }))}
        value={filters.statuses}
        onChange={(values) => onChange({ statuses: values.filter(isStatus) })}
        data-testid="operation-statuses"
      />
      {canReset && (
        <Button variant="subtle" onClick={onReset} data-testid="operation-filters-reset">
          {t('operations.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
