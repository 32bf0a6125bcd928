import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';

export interface RowCardField {
  key: string;
  label: string;
  value: ReactNode;
}

interface RowCardProps {
  title: ReactNode;
  // A status badge or a figure at the right of the title.
  badge: ReactNode;
  fields: readonly RowCardField[];
  testId: string;
  // For a badge that grows downwards (a status with a note under it).
  alignTop?: boolean;
}

// A list table's row on a phone (under 640 px): title and badge over the other fields, two to a line.
// Values may be blocks and long words wrap, so a narrow card never overflows.
export function RowCard({ title, badge, fields, testId, alignTop = false }: RowCardProps) {
  return (
    <Card withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align={alignTop ? 'flex-start' : undefined}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {badge}
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          {fields.map(({ key, label, value }) => (
            <div key={key} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
