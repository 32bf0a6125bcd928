import { Skeleton, Stack } from '@mantine/core';

export function FormSkeleton({ testId }: { testId: string }) {
  return (
    <Stack gap="md" aria-busy="true" data-testid={testId}>
      <Skeleton height={160} radius="md" />
      <Skeleton height={320} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}
