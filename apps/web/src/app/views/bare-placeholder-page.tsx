import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/ui/page-title';
import { SectionEmptyState } from '../../shared/ui/section-empty-state';
import type { RouteDef } from '../routes/route-table';
import { BareLayout } from './bare-layout';

// Start page and auto-connect screens: public, no menu; filled by the onboarding issue.
export function BarePlaceholderPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation('pages');
  return (
    <BareLayout>
      <PageTitle>{t(`titles.${route.id}`)}</PageTitle>
      <SectionEmptyState />
    </BareLayout>
  );
}
