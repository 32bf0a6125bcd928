import { Skeleton, Stack } from '@mantine/core';

export function TemplateListSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="template-list-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={84} radius="md" />
      ))}
    </Stack>
  );
}
