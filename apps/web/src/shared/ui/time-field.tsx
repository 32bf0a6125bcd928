import { TextInput, type TextInputProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { maskTimeText, parseTimeText } from '../lib/datetime';
import { useTypedText } from './use-typed-text';

type TimeFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'onBlur'> & {
  // 'HH:MM' or '' (none yet).
  value: string;
  // Called with a valid 'HH:MM' as soon as one is typed, or on leaving the field when `commitOnBlur`.
  onChange: (time: string) => void;
  commitOnBlur?: boolean;
  testId?: string;
};

// A 24-hour 'HH:MM' text field (the browser's own time input follows the browser's locale and shows
// 09:00 AM in a Russian interface). Digits are masked as typed: '1405' reads 14:05.
export function TimeField({ value, onChange, commitOnBlur = false, testId, onKeyDown, ...rest }: TimeFieldProps) {
  const { text, setTyped, reset } = useTypedText(value);
  const commit = () => {
    const time = parseTimeText(text);
    if (time !== null && time !== value) onChange(time);
    reset();
  };
  return (
    <TextInput
      leftSection={<IconClock size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      placeholder="00:00"
      maxLength={5}
      w={130}
      {...rest}
      value={text}
      onChange={(event) => {
        const next = maskTimeText(event.currentTarget.value);
        setTyped(next);
        const time = parseTimeText(next);
        if (!commitOnBlur && time !== null && next.length === 5) onChange(time);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        onKeyDown?.(event);
      }}
      data-testid={testId}
    />
  );
}
