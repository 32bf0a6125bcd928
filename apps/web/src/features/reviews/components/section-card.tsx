import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description?: string;
  // The SPEC 4 step number shown before the title.
  step?: number;
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
}

// One titled block of the chain editor.
export function SectionCard({ title, description, step, aside, testId, children }: SectionCardProps) {
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
          <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
            {step !== undefined && (
              <Badge size="lg" circle variant="light" aria-hidden data-testid={`${testId}-number`}>
                {step}
              </Badge>
            )}
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
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
