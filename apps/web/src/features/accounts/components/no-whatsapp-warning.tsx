import { Alert, Anchor } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { shouldShowNoWaWarning } from '../banner-rules';

export function NoWhatsAppWarning({ branch }: { branch: Branch }) {
  const { t } = useTranslation('accounts');
  const { waWarningHiddenAccIds } = useSession();
  if (!shouldShowNoWaWarning(branch, waWarningHiddenAccIds)) return null;
  return (
    <Alert
      data-testid="wa-warning"
      color="yellow"
      variant="light"
      icon={<IconBrandWhatsapp aria-hidden />}
      title={t('banners.whatsapp.title')}
      withCloseButton
      closeButtonLabel={t('banners.hide')}
      onClose={() => session.update({ waWarningHiddenAccIds: [...waWarningHiddenAccIds, branch.accId] })}
    >
      {t('banners.whatsapp.text')}{' '}
      {allows(branch.rights, 'connection') && (
        <Anchor component={Link} to={`/connection?accId=${branch.accId}`}>
          {t('banners.whatsapp.action')}
        </Anchor>
      )}
    </Alert>
  );
}
