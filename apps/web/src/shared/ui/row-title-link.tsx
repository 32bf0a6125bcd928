import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

interface RowTitleLinkProps {
  to: string;
  testId: string;
  children: ReactNode;
  // Rows that can be dragged keep the link from starting a drag of its own.
  draggable?: boolean;
}

// A list row's title: it opens the item's editor; long titles wrap anywhere.
export function RowTitleLink({ to, testId, children, draggable }: RowTitleLinkProps) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={600}
      c="var(--mantine-color-text)"
      style={{ overflowWrap: 'anywhere' }}
      draggable={draggable}
      data-testid={testId}
    >
      {children}
    </Anchor>
  );
}
