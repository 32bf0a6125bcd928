import type { ReactNode } from 'react';

// Placeholder until the page lands (issue 17).
export function LeadsPage({ tabs }: { tabs?: ReactNode }) {
  return <>{tabs}</>;
}
