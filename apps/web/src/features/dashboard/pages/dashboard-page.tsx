import { EmptyState, Stack } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';

// /main: the dashboard cards of SPEC 2 arrive with their own issue; until then an empty state.
export function DashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="md">
      <PageTitle>{t('titles.main')}</PageTitle>
      <EmptyState
        data-testid="dashboard-empty"
        py="xl"
        variant="light"
        icon={<IconLayoutDashboard aria-hidden />}
        title={t('dashboard.emptyTitle')}
        description={t('dashboard.emptyDescription')}
      />
    </Stack>
  );
}
