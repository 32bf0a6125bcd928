import { useMemo } from 'react';
import { Loader, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReferenceListKind } from '@salon/contract/reference-lists';
import { isAccessDenied } from '../api/error-message';
import { useReferenceList } from './reference-list';

interface ReferenceMultiSelectProps {
  category: ReferenceListKind;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
  disabled?: boolean;
}

// A filter whose options come from GET /template_categories. An empty list shows one 'no records'
// entry (SPEC 8); ids chosen earlier that the list no longer has stay visible by their id.
export function ReferenceMultiSelect({
  category,
  label,
  value,
  onChange,
  testId,
  disabled,
}: ReferenceMultiSelectProps) {
  const { t } = useTranslation();
  const list = useReferenceList(category);
  const data = useMemo(() => {
    const options = (list.data ?? []).map((item) => ({ value: item.id, label: item.title }));
    const known = new Set(options.map((o) => o.value));
    const missing = value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...options, ...missing];
  }, [list.data, value]);

  let error: string | undefined;
  if (list.isError) error = isAccessDenied(list.error) ? t('referenceSelect.noRight') : t('referenceSelect.loadError');

  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? t('referenceSelect.any') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      disabled={disabled}
      nothingFoundMessage={t('referenceSelect.noRecords')}
      rightSection={list.isFetching && !list.data ? <Loader size="xs" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
      data-testid={testId}
    />
  );
}
