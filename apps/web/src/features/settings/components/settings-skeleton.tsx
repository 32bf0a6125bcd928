import { Card, Skeleton, Stack } from '@mantine/core';

// Stands in for a settings form while it loads.
export function SettingsSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" data-testid="settings-loading">
      <Stack gap="lg">
        <Skeleton height={36} radius="sm" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={36} width="60%" radius="sm" />
      </Stack>
    </Card>
  );
}
