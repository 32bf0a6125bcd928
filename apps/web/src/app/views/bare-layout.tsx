import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { LangSwitch } from '../../shared/i18n/lang-switch';
import { Logo } from '../../shared/ui/logo';

// Pages without menu and header (SPEC 2): a slim top bar and the content.
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Group
        justify="space-between"
        px="md"
        h={56}
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Logo />
        <LangSwitch />
      </Group>
      <Container size="md" py="xl">
        {children}
      </Container>
    </Box>
  );
}
