import type { ReactNode } from 'react';
import { Button, EmptyState, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Shown when the server answers Access denied, Fail rights or accounts not found (SPEC 6, 8).
export function AccessDeniedView() {
  const { t } = useTranslation('errors');
  return (
    <EmptyState
      data-testid="access-denied"
      py="xl"
      variant="light"
      color="orange"
      icon={<IconLock aria-hidden />}
      title={t('accessDenied.title')}
      description={t('accessDenied.description')}
    >
      <Button component={Link} to="/accounts" variant="light" mt="md">
        {t('accessDenied.toBranches')}
      </Button>
    </EmptyState>
  );
}

// A page whose data the server refused: its header (title, tabs) stays, so the user can move on.
export function AccessDeniedPage({ header }: { header: ReactNode }) {
  return (
    <Stack gap={0}>
      {header}
      <AccessDeniedView />
    </Stack>
  );
}
