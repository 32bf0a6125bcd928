import { Skeleton, Stack } from '@mantine/core';

export function ConsentsSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="consents-skeleton">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  );
}
