import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description?: string;
  // A step number shown before the title (the review chain's steps, SPEC 4).
  step?: number;
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
}

// One titled block of an editor or settings form (templates, loyalty actions, the AI administrator,
// the review chain), with an optional step number before the title and control beside it.
export function SectionCard({ title, description, step, aside, testId, children }: SectionCardProps) {
  const heading = (
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
  );
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
          {step === undefined ? (
            heading
          ) : (
            <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
              <Badge size="lg" circle variant="light" aria-hidden data-testid={`${testId}-number`}>
                {step}
              </Badge>
              {heading}
            </Group>
          )}
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
