import { TextInput } from '@mantine/core';
import { useTypedText } from '../../../shared/ui/use-typed-text';
import { settledNumber, typedNumber, type TypedRange } from '../ai-settings-rules';

interface RangeFieldProps {
  label: string;
  description: string;
  value: number;
  range: TypedRange;
  // SPEC 5: the field's own clamp (lookup days 1…30, aggregation 5…60) applied on leaving it.
  onBlurValue: (text: string) => number;
  onChange: (value: number) => void;
  error?: string;
  testId: string;
}

// A whole-number field typed within its typed range and clamped when left (or on Enter).
export function RangeField({
  label,
  description,
  value,
  range,
  onBlurValue,
  onChange,
  error,
  testId,
}: RangeFieldProps) {
  const { text, setTyped, reset } = useTypedText(String(value));
  const commit = () => {
    const next = onBlurValue(text);
    if (next !== value) onChange(next);
    reset();
  };
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="off"
      w={{ base: '100%', xs: 260 }}
      value={text}
      onChange={(event) => {
        const next = typedNumber(event.currentTarget.value.trim(), text, range);
        setTyped(next);
        const settled = settledNumber(next, range);
        if (settled !== null && settled !== value) onChange(settled);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        // Enter only settles the number: a save from here would send the value before the clamp.
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      error={error}
      data-testid={testId}
    />
  );
}
