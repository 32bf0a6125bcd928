import type { ReactNode } from 'react';

// Placeholder until the page lands (issue 17).
export function OperationsPage({ tabs }: { tabs?: ReactNode }) {
  return <>{tabs}</>;
}
