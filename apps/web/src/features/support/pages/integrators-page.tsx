import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { PageTitle } from '../../../shared/ui/page-title';
import { IntegratorForm } from '../components/integrator-form';

// /integrators?accId=…: the header drawer's form as a page (SPEC 2).
export function IntegratorsPage() {
  const { t } = useTranslation('support');
  const branch = useCurrentBranch();
  if (!branch) return null;
  return (
    <>
      <PageTitle>{t('integrators.title')}</PageTitle>
      <Card withBorder padding="lg" maw={640} data-testid="integrators-page">
        <IntegratorForm key={branch.accId} accId={branch.accId} branchId={branch.branchId} />
      </Card>
    </>
  );
}
