import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description?: string;
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
}

// One titled block of an editor or settings form (templates, loyalty actions, the AI administrator),
// with an optional control beside the title.
export function SectionCard({ title, description, aside, testId, children }: SectionCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={2}>
                {description}
              </Text>
            )}
          </div>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
