import type { ReactNode } from 'react';
import { Input, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../shared/ui/date-field';

type Range<T> = { from?: T | null | undefined; to?: T | null | undefined } | null | undefined;

interface RangeFieldProps<T> {
  label: string;
  value: Range<T>;
  onChange: (next: { from: T | null; to: T | null }) => void;
  // A translated problem of the pair (from after to, a day that does not exist).
  error?: string | null;
  testId: string;
}

// Two inputs side by side (stacked under 640 px by the grid), either end optional.
function RangeShell({ label, error, children }: { label: string; error?: string | null; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div">{label}</Input.Label>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {children}
      </SimpleGrid>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function NumberRangeField({
  label,
  value,
  onChange,
  error,
  testId,
  integer = true,
  max,
  suffix,
}: RangeFieldProps<number> & { integer?: boolean; max?: number; suffix?: string }) {
  const { t } = useTranslation('mailing-segments');
  const from = value?.from ?? null;
  const to = value?.to ?? null;
  const common = { min: 0, max, allowNegative: false, allowDecimal: !integer, suffix, hideControls: true } as const;
  return (
    <RangeShell label={label} error={error}>
      <NumberInput
        {...common}
        aria-label={`${label}: ${t('range.from')}`}
        placeholder={t('range.from')}
        value={from ?? ''}
        onChange={(v) => onChange({ from: numberOrNull(v), to })}
        error={!!error}
        data-testid={`${testId}-from`}
      />
      <NumberInput
        {...common}
        aria-label={`${label}: ${t('range.to')}`}
        placeholder={t('range.to')}
        value={to ?? ''}
        onChange={(v) => onChange({ from, to: numberOrNull(v) })}
        error={!!error}
        data-testid={`${testId}-to`}
      />
    </RangeShell>
  );
}

// Days as YYYY-MM-DD, typed in the interface's date format or picked on a month grid.
export function DateRangeField({
  label,
  value,
  onChange,
  error,
  testId,
  required = false,
}: RangeFieldProps<string> & { required?: boolean }) {
  const { t } = useTranslation('mailing-segments');
  const from = value?.from ?? null;
  const to = value?.to ?? null;
  return (
    <RangeShell label={label} error={error}>
      <DateField
        label={t('range.fromDate')}
        required={required}
        value={from ?? ''}
        onChange={(day) => onChange({ from: day || null, to })}
        error={!!error}
        w="100%"
        testId={`${testId}-from`}
      />
      <DateField
        label={t('range.toDate')}
        required={required}
        value={to ?? ''}
        onChange={(day) => onChange({ from, to: day || null })}
        error={!!error}
        w="100%"
        testId={`${testId}-to`}
      />
    </RangeShell>
  );
}
