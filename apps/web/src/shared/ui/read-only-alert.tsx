import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

// Above a form the user may see but not change: why (in the calling feature's words).
export function ReadOnlyAlert({ testId, children }: { testId: string; children: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid={testId}>
      {children}
    </Alert>
  );
}
