import { Skeleton, Stack } from '@mantine/core';

export function EditorSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="template-editor-skeleton">
      <Skeleton height={32} width="45%" radius="sm" />
      <Skeleton height={120} radius="md" />
      <Skeleton height={200} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}
