import { Skeleton, Stack } from '@mantine/core';

export function BlacklistSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="blacklist-skeleton">
      <Skeleton height={60} />
      <Skeleton height={28} width="30%" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}
