import { Anchor } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { NoticeLine } from '../../../shared/ui/notice-line';
import { shouldShowNoWaWarning } from '../banner-rules';

export function NoWhatsAppWarning({ branch }: { branch: Branch }) {
  const { t } = useTranslation('accounts');
  const { waWarningHiddenAccIds } = useSession();
  if (!shouldShowNoWaWarning(branch, waWarningHiddenAccIds)) return null;
  return (
    <NoticeLine
      testId="wa-warning"
      color="yellow"
      icon={<IconBrandWhatsapp size={18} aria-hidden />}
      text={`${t('banners.whatsapp.title')}. ${t('banners.whatsapp.text')}`}
      action={
        allows(branch.rights, 'connection') ? (
          <Anchor size="sm" component={Link} to={`/connection?accId=${branch.accId}`}>
            {t('banners.whatsapp.action')}
          </Anchor>
        ) : undefined
      }
      dismissLabel={t('banners.hide')}
      onDismiss={() => session.update({ waWarningHiddenAccIds: [...waWarningHiddenAccIds, branch.accId] })}
    />
  );
}
