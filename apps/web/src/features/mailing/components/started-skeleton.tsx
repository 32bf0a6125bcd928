import { Skeleton, Stack } from '@mantine/core';

export function StartedSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="started-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={52} />
      ))}
    </Stack>
  );
}
