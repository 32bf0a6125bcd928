import { Center, Loader } from '@mantine/core';

// Before translations are in there is nothing to say, so this shows a spinner only.
export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader />
    </Center>
  );
}
