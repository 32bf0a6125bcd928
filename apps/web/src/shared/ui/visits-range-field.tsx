import { useState, type KeyboardEvent } from 'react';
import { Group, NumberInput, Stack, Text } from '@mantine/core';

interface VisitsRangeFieldProps {
  // The draft's range (null: no bound).
  from: number | null;
  to: number | null;
  // Answers whether the draft refused the value ("from" above "to"); the field then shows the kept one.
  onFrom: (value: number | null) => boolean;
  onTo: (value: number | null) => void;
  // In the calling feature's words.
  labels: { title: string; from: string; to: string; hint: string };
  // Shown instead of the hint; it marks both inputs.
  error?: string | undefined;
  width: number;
}

const toCount = (value: number | string) => (value === '' ? null : Number(value));

// The client's visit count range (SPEC 5), committed when a field is left or Enter is pressed: typing
// "12" into "to" must not lower "from" on the way through "1" (a lower "to" lowers "from"). A zero
// means no bound, so the field empties.
export function VisitsRangeField({ from, to, onFrom, onTo, labels, error, width }: VisitsRangeFieldProps) {
  const [fromText, setFromText] = useState<number | string>(from ?? '');
  const [toText, setToText] = useState<number | string>(to ?? '');
  const [seen, setSeen] = useState({ from, to });
  if (seen.from !== from || seen.to !== to) {
    setSeen({ from, to });
    setFromText(from ?? '');
    setToText(to ?? '');
  }
  const commitFrom = () => {
    const value = toCount(fromText);
    if (value === from) return;
    if (onFrom(value)) setFromText(from ?? '');
    else if (value !== null && value < 1) setFromText('');
  };
  const commitTo = () => {
    const value = toCount(toText);
    if (value === to) return;
    onTo(value);
    if (value !== null && value < 1) setToText('');
  };
  const onEnter = (commit: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="visits-label">
        {labels.title}
      </Text>
      <Group gap="sm" align="flex-start" role="group" aria-labelledby="visits-label">
        {(
          [
            ['from', fromText, setFromText, commitFrom, labels.from],
            ['to', toText, setToText, commitTo, labels.to],
          ] as const
        ).map(([end, value, set, commit, label]) => (
          <NumberInput
            key={end}
            aria-label={label}
            placeholder={label}
            value={value}
            onChange={set}
            onBlur={commit}
            onKeyDown={onEnter(commit)}
            allowDecimal={false}
            allowNegative={false}
            w={width}
            error={error !== undefined}
            data-testid={`visits-${end}`}
          />
        ))}
      </Group>
      <Text size="xs" c={error ? 'red.7' : 'dimmed'}>
        {error ?? labels.hint}
      </Text>
    </Stack>
  );
}
