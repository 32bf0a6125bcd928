import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';

interface PageEmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  // What the user can do next (the list's "new" button, a way back to the list); none when read-only.
  action?: ReactNode;
}

// An empty list, or an item that is not there: what is missing and the way on.
export function PageEmptyState({ icon, title, description, testId, action }: PageEmptyStateProps) {
  return (
    <EmptyState data-testid={testId} py="xl" variant="light" icon={icon} title={title} description={description}>
      {action && <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{action}</div>}
    </EmptyState>
  );
}
