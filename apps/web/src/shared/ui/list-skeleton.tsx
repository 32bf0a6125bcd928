import { Skeleton, Stack } from '@mantine/core';

interface ListSkeletonProps {
  rows: number;
  // About a row card's height, so the page does not jump when the list comes.
  height: number;
  testId: string;
}

// Stands in for a list page's row cards while the list loads.
export function ListSkeleton({ rows, height, testId }: ListSkeletonProps) {
  return (
    <Stack gap="xs" aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}
