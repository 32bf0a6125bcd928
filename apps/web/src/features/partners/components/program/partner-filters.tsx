import { Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILIAL_STATUSES, type FilialStatus } from '@salon/contract/partners-rules';
import type { TableFilters } from '../../program-rules';

interface PartnerFiltersProps {
  value: TableFilters;
  onChange: (next: TableFilters) => void;
  testId: string;
}

// The table's filters: filial statuses (none chosen: all) and a search by name or account id.
export function PartnerFilters({ value, onChange, testId }: PartnerFiltersProps) {
  const { t } = useTranslation('partners');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid={testId}>
      <TextInput
        label={t('program.filters.search')}
        placeholder={t('program.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
        data-testid={`${testId}-search`}
      />
      <MultiSelect
        label={t('program.filters.status')}
        placeholder={value.statuses.length === 0 ? t('program.filters.allStatuses') : undefined}
        data={FILIAL_STATUSES.map((status) => ({ value: status, label: t(`program.filialStatus.${status}`) }))}
        value={[...value.statuses]}
        onChange={(statuses) => onChange({ ...value, statuses: statuses as FilialStatus[] })}
        clearable
        style={{ flex: '1 1 220px' }}
        data-testid={`${testId}-status`}
      />
    </Group>
  );
}
