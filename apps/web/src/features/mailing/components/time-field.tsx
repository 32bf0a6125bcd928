import { TimeField as ClockField } from '../../../shared/ui/time-field';

interface TimeFieldProps {
  label: string;
  value: string;
  onCommit: (time: string) => void;
  error?: string | undefined;
  testId: string;
}

// An 'HH:MM' on the 5-minute grid (SPEC 9). What is typed stays as typed until the field is left
// (or Enter), then the caller snaps it: snapping each keystroke would fight the typing.
export function TimeField({ label, value, onCommit, error, testId }: TimeFieldProps) {
  return (
    <ClockField label={label} value={value} onChange={onCommit} commitOnBlur error={error} required testId={testId} />
  );
}
