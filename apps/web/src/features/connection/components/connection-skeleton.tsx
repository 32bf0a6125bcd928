import { Card, Skeleton, Stack } from '@mantine/core';

// `qr`: the messengers' panels open on a QR; the bots' on a token field.
export function ConnectionSkeleton({ qr = true }: { qr?: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true">
      <Stack gap="md">
        <Skeleton height={24} width="50%" />
        {qr ? <Skeleton height={240} width={240} mx="auto" /> : <Skeleton height={96} />}
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
