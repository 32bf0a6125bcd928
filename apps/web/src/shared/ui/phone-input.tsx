import { TextInput, type TextInputProps } from '@mantine/core';
import { onlyDigits } from '@salon/contract/telegram-id-rules';

// International numbers have at most 15 digits (E.164).
export const PHONE_MAX_DIGITS = 15;
export const PHONE_PATTERN = /^\d{10,15}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
};

// SPEC 5: phone inputs keep only digits (a pasted "+7 (999) …" is cleaned, not cut).
export function PhoneInput({ value, onChange, ...rest }: PhoneInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(event) => onChange(onlyDigits(event.currentTarget.value, PHONE_MAX_DIGITS))}
    />
  );
}
