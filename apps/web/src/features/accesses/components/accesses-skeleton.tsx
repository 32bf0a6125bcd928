import { Skeleton, Stack } from '@mantine/core';

export function AccessesSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="accesses-loading">
      <Skeleton height={28} width="30%" radius="sm" />
      <Skeleton height={110} radius="md" />
      <Skeleton height={110} radius="md" />
    </Stack>
  );
}
