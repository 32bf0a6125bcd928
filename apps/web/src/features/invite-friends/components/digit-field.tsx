import { TextInput, type TextInputProps } from '@mantine/core';

type DigitFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  value: string;
  // What a typed text becomes (digits only, clamped: loyalty-action-rules).
  input: (raw: string) => string;
  onChange: (value: string) => void;
  // What the text becomes when the field is left (SPEC 5 "Number clamp"); unchanged by default.
  onLeave?: (value: string) => string;
  error?: string | undefined;
  testId: string;
};

// A number field that keeps digits only; the numeric keyboard on phones.
export function DigitField({ value, input, onChange, onLeave, error, testId, ...rest }: DigitFieldProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value}
      error={error}
      onChange={(event) => onChange(input(event.currentTarget.value))}
      onBlur={() => {
        if (!onLeave) return;
        const next = onLeave(value);
        if (next !== value) onChange(next);
      }}
      data-testid={testId}
    />
  );
}
