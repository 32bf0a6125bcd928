import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { MAILING_TIME_STEP_MINUTES } from '@salon/contract/mailing-plan-rules';

interface TimeFieldProps {
  label: string;
  value: string;
  onCommit: (time: string) => void;
  error?: string | undefined;
  testId: string;
}

// An 'HH:MM' on the 5-minute grid (SPEC 9). What is typed stays as typed until the field is left
// (or Enter), then it is snapped: snapping each keystroke would fight the browser's time segments.
export function TimeField({ label, value, onCommit, error, testId }: TimeFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed !== null && typed !== '') onCommit(typed);
    setTyped(null);
  };
  return (
    <TextInput
      type="time"
      label={label}
      value={typed ?? value}
      step={MAILING_TIME_STEP_MINUTES * 60}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={error}
      required
      data-testid={testId}
    />
  );
}
