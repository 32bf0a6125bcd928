import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/ui/page-title';
import { SectionEmptyState } from '../../shared/ui/section-empty-state';
import type { RouteDef } from '../routes/route-table';
import { SectionTabs } from './section-tabs';

// A cabinet page whose screens come with a later issue: its title, its tabs and an empty state.
export function SectionPlaceholderPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation('pages');
  return (
    <Stack gap={0}>
      <PageTitle>{t(`titles.${route.id}`)}</PageTitle>
      {route.tabs && <SectionTabs set={route.tabs} current={route.id} />}
      <SectionEmptyState />
    </Stack>
  );
}
