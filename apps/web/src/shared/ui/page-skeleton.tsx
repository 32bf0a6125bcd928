import { Skeleton, Stack } from '@mantine/core';

// Stands in for a page while its code or first data loads.
export function PageSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={32} width="40%" radius="sm" />
      <Skeleton height={16} width="70%" radius="sm" />
      <Skeleton height={160} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}
