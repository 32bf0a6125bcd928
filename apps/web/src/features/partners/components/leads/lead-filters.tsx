import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LEAD_STATUSES, LEAD_STATUS_KEYS } from '@salon/contract/partners-rules';
import { DateField } from '../../../../shared/ui/date-field';
import { EMPTY_LEAD_FILTERS, isLeadStatus, type LeadFilters as Filters } from '../../leads-rules';

interface LeadFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

// SPEC 2 Leads: by name (a salon name or phone), creation date range (either end open) and status.
export function LeadFilters({ filters, onChange }: LeadFiltersProps) {
  const { t } = useTranslation('partners');
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const any = filters.name !== '' || filters.from !== '' || filters.to !== '' || filters.status !== null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="lead-filters">
      <TextInput
        label={t('leads.filters.name')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.name}
        maxLength={120}
        onChange={(event) => set({ name: event.currentTarget.value })}
        w={{ base: '100%', sm: 240 }}
        data-testid="lead-filter-name"
      />
      <Group gap="sm" wrap="nowrap" align="flex-end" w={{ base: '100%', xs: 'auto' }}>
        <DateField
          label={t('leads.filters.from')}
          value={filters.from}
          onChange={(from) => set({ from })}
          flex={{ base: 1, xs: 'none' }}
          w={{ base: 'auto', xs: 170 }}
          testId="lead-filter-from"
        />
        <DateField
          label={t('leads.filters.to')}
          value={filters.to}
          onChange={(to) => set({ to })}
          flex={{ base: 1, xs: 'none' }}
          w={{ base: 'auto', xs: 170 }}
          testId="lead-filter-to"
        />
      </Group>
      <Select
        label={t('leads.filters.status')}
        placeholder={t('leads.filters.anyStatus')}
        data={LEAD_STATUSES.map((s) => ({ value: String(s), label: t(`leads.status.${LEAD_STATUS_KEYS[s]}`) }))}
        value={filters.status === null ? null : String(filters.status)}
        onChange={(value) => {
          const status = value === null ? null : Number(value);
          set({ status: isLeadStatus(status) ? status : null });
        }}
        clearable
        w={{ base: '100%', xs: 200 }}
        data-testid="lead-filter-status"
      />
      {any && (
        <Button variant="subtle" onClick={() => onChange(EMPTY_LEAD_FILTERS)} data-testid="lead-filters-reset">
          {t('leads.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
