import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

// Stands in for /pay while the branch's pay data loads.
export function PaySkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="pay-skeleton">
      <Skeleton height={72} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}
