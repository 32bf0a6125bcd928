import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BILL_NAME_MAX } from '@salon/contract/inn-rules';
import type { BillData } from '@salon/contract/settings';
import { sanitizeInn, sanitizeKpp } from '../bill-data-rules';

const WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

interface BillDataFieldsProps {
  value: BillData;
  update: (patch: Partial<BillData>) => void;
  // Checks the INN when the user leaves it (SPEC 5 'INN is not valid').
  onInnBlur: () => void;
  errorOf: (field: string) => string | undefined;
}

// SPEC 3 Invoice data: inn, kpp, name.
export function BillDataFields({ value, update, onInnBlur, errorOf }: BillDataFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('bill.inn.label')}
          description={t('bill.inn.description')}
          placeholder="7707083893"
          value={value.inn}
          onChange={(event) => update({ inn: sanitizeInn(event.currentTarget.value) })}
          onBlur={onInnBlur}
          // Hints under the inputs keep the two inputs of the row level.
          inputWrapperOrder={WRAPPER_ORDER}
          inputMode="numeric"
          autoComplete="off"
          error={errorOf('inn')}
          data-testid="bill-inn"
        />
        <TextInput
          label={t('bill.kpp.label')}
          description={t('bill.kpp.description')}
          placeholder="770701001"
          value={value.kpp}
          onChange={(event) => update({ kpp: sanitizeKpp(event.currentTarget.value) })}
          inputWrapperOrder={WRAPPER_ORDER}
          autoComplete="off"
          error={errorOf('kpp')}
          data-testid="bill-kpp"
        />
      </SimpleGrid>
      <TextInput
        label={t('bill.name.label')}
        placeholder={t('bill.name.placeholder')}
        value={value.name}
        onChange={(event) => update({ name: event.currentTarget.value.slice(0, BILL_NAME_MAX) })}
        autoComplete="organization"
        error={errorOf('name')}
        data-testid="bill-name"
      />
    </>
  );
}
