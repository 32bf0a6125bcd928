import { Chip, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConsentCountsWire } from '@salon/contract/consents';
import { CONSENT_FILTERS, sanitizeSearch, type ConsentFilter } from '../consent-list-rules';

interface ConsentToolbarProps {
  search: string;
  filter: ConsentFilter;
  counts: ConsentCountsWire | undefined;
  onSearch: (value: string) => void;
  onFilter: (filter: ConsentFilter) => void;
}

const isFilter = (value: string): value is ConsentFilter => (CONSENT_FILTERS as readonly string[]).includes(value);

// Search by the digits of a number and a status filter with the branch's count per status.
export function ConsentToolbar({ search, filter, counts, onSearch, onFilter }: ConsentToolbarProps) {
  const { t } = useTranslation('consents');
  const label = (value: ConsentFilter) => {
    const name = value === 'all' ? t('filter.all') : t(`status.${value}`);
    return counts ? `${name} · ${counts[value]}` : name;
  };
  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(event) => onSearch(sanitizeSearch(event.currentTarget.value))}
        inputMode="numeric"
        autoComplete="off"
        maw={{ sm: 360 }}
        data-testid="consent-search"
      />
      <Chip.Group multiple={false} value={filter} onChange={(value) => isFilter(value) && onFilter(value)}>
        <Group gap={6} role="radiogroup" aria-label={t('filter.label')} data-testid="consent-filter">
          {CONSENT_FILTERS.map((value) => (
            <Chip
              key={value}
              value={value}
              size="sm"
              variant="light"
              wrapperProps={{ 'data-testid': `consent-filter-${value}` }}
            >
              {label(value)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
