import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { parseSum } from '../../operations-rules';

interface SumFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  testId: string;
}

// One bound of the sum filter; empty is open (SPEC 5). The typed text is kept while it is not yet a
// number ('12,'), and a change from outside (back/forward, reset) replaces it.
export function SumField({ label, value, onChange, testId }: SumFieldProps) {
  const shownValue = value === null ? '' : String(value);
  const [text, setText] = useState(shownValue);
  const [shown, setShown] = useState(shownValue);
  if (shown !== shownValue) {
    setShown(shownValue);
    if (parseSum(text) !== value) setText(shownValue);
  }
  return (
    <TextInput
      label={label}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      maxLength={13}
      flex={{ base: 1, xs: 'none' }}
      w={{ base: 'auto', xs: 140 }}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/[^\d.,]/g, '');
        setText(next);
        const parsed = parseSum(next);
        if (next === '' || parsed !== null) onChange(next === '' ? null : parsed);
      }}
      data-testid={testId}
    />
  );
}
