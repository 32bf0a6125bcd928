import type { ReactNode } from 'react';

// Placeholder until the page lands (issue 17).
export function ProgramPage({ tabs }: { tabs?: ReactNode }) {
  return <>{tabs}</>;
}
