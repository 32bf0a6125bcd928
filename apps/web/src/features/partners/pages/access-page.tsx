import type { ReactNode } from 'react';

// Placeholder until the page lands (issue 17).
export function AccessPage({ tabs }: { tabs?: ReactNode }) {
  return <>{tabs}</>;
}
