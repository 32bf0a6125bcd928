import { SimpleGrid, Skeleton } from '@mantine/core';

export function BranchListSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={112} radius="md" />
      ))}
    </SimpleGrid>
  );
}
