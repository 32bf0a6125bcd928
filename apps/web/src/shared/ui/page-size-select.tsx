import { Group, Select, Text } from '@mantine/core';

interface PageSizeSelectProps {
  // The translated "rows per page" label, shown beside the select and read by screen readers.
  label: string;
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
  testId?: string;
}

// The "rows per page" choice under a paged table (SPEC 9 page sizes per list).
export function PageSizeSelect({ label, sizes, value, onChange, testId }: PageSizeSelectProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Select
        w={80}
        size="xs"
        aria-label={label}
        data={sizes.map(String)}
        value={String(value)}
        onChange={(next) => next && onChange(Number(next))}
        allowDeselect={false}
        data-testid={testId}
      />
    </Group>
  );
}
