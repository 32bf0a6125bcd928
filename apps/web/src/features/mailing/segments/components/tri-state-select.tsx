import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TriStateSelectProps {
  label: string;
  value: boolean | null | undefined;
  onChange: (value: boolean | null) => void;
  yes: string;
  no: string;
  testId: string;
}

// A yes / no / "does not matter" choice (SPEC 3: used flags, frozen, got a send-out).
export function TriStateSelect({ label, value, onChange, yes, no, testId }: TriStateSelectProps) {
  const { t } = useTranslation('mailing-segments');
  const current = value === true ? 'yes' : value === false ? 'no' : 'any';
  return (
    <Select
      label={label}
      data={[
        { value: 'any', label: t('any') },
        { value: 'yes', label: yes },
        { value: 'no', label: no },
      ]}
      value={current}
      onChange={(v) => onChange(v === 'yes' ? true : v === 'no' ? false : null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
