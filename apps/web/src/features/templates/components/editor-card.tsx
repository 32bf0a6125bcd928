import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface EditorCardProps {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}

// One titled block of the template editor.
export function EditorCard({ title, description, testId, children }: EditorCardProps) {
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
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
