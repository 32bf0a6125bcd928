import { Card, Skeleton, Stack } from '@mantine/core';

export function ConnectionSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true">
      <Stack gap="md">
        <Skeleton height={24} width="50%" />
        <Skeleton height={240} width={240} mx="auto" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
