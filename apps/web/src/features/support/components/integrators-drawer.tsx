import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIDE_DRAWER_WIDTH_PX } from '../../../shared/ui/side-drawer';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { IntegratorForm } from './integrator-form';

interface IntegratorsDrawerProps {
  opened: boolean;
  onClose: () => void;
  accId: number;
  branchId: number;
}

// SPEC 9: 540 px on the right on desktop, the whole screen under 640 px.
export function IntegratorsDrawer({ opened, onClose, accId, branchId }: IntegratorsDrawerProps) {
  const { t } = useTranslation('support');
  const isMobile = useIsMobile();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : SIDE_DRAWER_WIDTH_PX}
      title={t('integrators.title')}
      closeButtonProps={{ 'aria-label': t('integrators.close') }}
      data-testid="integrators-drawer"
    >
      <IntegratorForm key={accId} accId={accId} branchId={branchId} onSent={onClose} />
    </Drawer>
  );
}
