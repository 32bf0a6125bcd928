import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}

// One titled block of an AI-administrator form.
export function SectionCard({ title, description, testId, children }: SectionCardProps) {
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
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
