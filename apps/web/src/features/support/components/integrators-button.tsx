import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';

// The drawer, its form and texts load on the first click.
const IntegratorsDrawer = lazy(() => import('./integrators-drawer').then((m) => ({ default: m.IntegratorsDrawer })));

// The header's integrators button (SPEC 2: when a branch is selected); in the mobile menu under
// 640 px. Its label is the menu's, so the header never waits for the support texts.
export function IntegratorsButton({ place }: { place: 'header' | 'menu' }) {
  const { t } = useTranslation('menu');
  const branch = useCurrentBranch();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (!branch) return null;
  const visibility = place === 'header' ? { visibleFrom: 'sm' } : { hiddenFrom: 'sm' };
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlugConnected size={16} aria-hidden />}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        aria-haspopup="dialog"
        data-testid={place === 'header' ? 'integrators-button' : 'menu-integrators-button'}
        {...visibility}
      >
        {t('header.integrators')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <IntegratorsDrawer
            opened={opened}
            onClose={() => setOpened(false)}
            accId={branch.accId}
            branchId={branch.branchId}
          />
        </Suspense>
      )}
    </>
  );
}
