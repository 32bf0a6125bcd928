import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';

export interface StatCardField {
  key: string;
  label: string;
  value: ReactNode;
}

interface StatCardProps {
  title: ReactNode;
  fields: readonly StatCardField[];
  testId: string;
}

// A statistics table's row on a phone (under 640 px): its title over its figures, two to a line.
export function StatCard({ title, fields, testId }: StatCardProps) {
  return (
    <Card withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="xs">
        {title}
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          {fields.map(({ key, label, value }) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
