import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

interface StatusBadgeProps {
  color: string;
  // Written to data-status, so tests can read the state whatever the interface language.
  status: string | number;
  testId: string;
  children: ReactNode;
}

// A row's status; it never shrinks or cuts its text in a tight card title or table column (Mantine's
// label hides its overflow, which lets a table squeeze it to an ellipsis).
export function StatusBadge({ color, status, testId, children }: StatusBadgeProps) {
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
      data-testid={testId}
      data-status={status}
    >
      {children}
    </Badge>
  );
}
