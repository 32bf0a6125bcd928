import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../stats-format';

interface CountCellProps {
  value: number;
  // The conversion in % of the recipients (SPEC 3), shown under the count.
  percent?: number;
  testId: string;
  align?: 'flex-start' | 'flex-end';
}

// A count the e2e tests read: the number alone carries the test id and its raw value.
export function CountCell({ value, percent, testId, align = 'flex-end' }: CountCellProps) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0} align={align}>
      <Text size="sm" data-testid={testId} data-value={value}>
        {formatCount(value, i18n.language)}
      </Text>
      {percent !== undefined && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-percent`} data-value={percent}>
          {formatPercent(percent, i18n.language)}
        </Text>
      )}
    </Stack>
  );
}
