import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReferenceListKind } from '@salon/contract/reference-lists';
import { useReferenceList } from '../../../../shared/crm/reference-list';

interface ReferenceSelectProps {
  kind: ReferenceListKind;
  label: string;
  value: readonly string[] | null | undefined;
  onChange: (ids: string[]) => void;
  testId: string;
}

// A multi-choice from one of the booking system's lists; ids chosen earlier that the list no
// longer has still show (by id) so they can be removed.
export function ReferenceSelect({ kind, label, value, onChange, testId }: ReferenceSelectProps) {
  const { t } = useTranslation('mailing-segments');
  const list = useReferenceList(kind);
  const chosen = [...(value ?? [])];
  const known = new Set((list.data ?? []).map((item) => item.id));
  const data = [
    ...(list.data ?? []).map((item) => ({ value: item.id, label: item.title })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` })),
  ];
  return (
    <MultiSelect
      label={label}
      data={data}
      value={chosen}
      onChange={onChange}
      searchable
      clearable
      placeholder={chosen.length === 0 ? t('any') : undefined}
      nothingFoundMessage={list.isError ? t('reference.error') : t('reference.empty')}
      disabled={list.isPending && chosen.length === 0}
      description={list.isError ? t('reference.error') : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
