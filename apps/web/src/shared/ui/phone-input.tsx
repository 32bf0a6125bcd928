import { TextInput, type TextInputProps } from '@mantine/core';
import { isCompletePhone, phoneInputMaxDigits } from '@salon/contract/phone';
import { onlyDigits } from '@salon/contract/telegram-id-rules';

// SPEC 5: a number is complete when its digits fill the mask of its country; the rule (and the
// masks, from libphonenumber-js' metadata) is the contract's, the one the server applies.
export function isValidPhone(value: string): boolean {
  return isCompletePhone(value);
}

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
};

// SPEC 5: phone inputs keep only digits (a pasted "+7 (999) …" is cleaned, not cut), up to the
// length of the mask the typed country code selects (995: 12 digits, 66: 11, 7 or 8: 11).
export function PhoneInput({ value, onChange, ...rest }: PhoneInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(event) => {
        const digits = onlyDigits(event.currentTarget.value);
        onChange(digits.slice(0, phoneInputMaxDigits(digits)));
      }}
    />
  );
}
