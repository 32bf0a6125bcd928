import { useMemo } from 'react';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgentOptionsResponse } from '@salon/contract/ai-agents';

interface OptionMultiSelectProps {
  label: string;
  description: string;
  options: AgentOptionsResponse['masters'] | undefined;
  loading: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  testId: string;
}

// A CRM list of GET /agents/options as a multi-select; ids chosen earlier that the list no longer
// has stay visible by their id, so saving never drops them unseen.
export function OptionMultiSelect({
  label,
  description,
  options,
  loading,
  value,
  onChange,
  error,
  testId,
}: OptionMultiSelectProps) {
  const { t } = useTranslation('ai-admin');
  const data = useMemo(() => {
    const list = (options?.data ?? []).map((item) => ({ value: item.id, label: item.title }));
    const known = new Set(list.map((o) => o.value));
    const missing = value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...list, ...missing];
  }, [options, value]);
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? t('exclusions.none') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      disabled={loading && !options}
      nothingFoundMessage={t('exclusions.noRecords')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
      data-testid={testId}
    />
  );
}
